import HabitCore
import HabitSync

/// Taking a mark back, correcting a total, skipping and pausing, notes: every mistake fixable.
extension AppState {
  /// The day a habit's buttons act on: the detail's chosen day while its detail is open, else
  /// the day list's.
  func actingDay(_ id: HabitID) -> Day {
    if case .detail(let open) = sheet, open == id, let day = dayEditor.day { return day }
    return habits.selectedDay
  }

  /// Runs an edit for the habit's acting day; in the detail, a refusal shows next to its editor.
  mutating func performForDay(_ action: Action) -> [AppEffect] {
    let effects = perform(action)
    if case .detail = sheet, let refusal = notice {
      dayEditor.message = refusal
      notice = nil
    } else if notice == nil {
      dayEditor.message = nil
    }
    return effects
  }

  mutating func correct(_ event: AppEvent) -> [AppEffect] {
    switch event {
    case .countDown(let id):
      return performForDay(.addCount(id, actingDay(id), times: -1))
    case .skip(let id):
      let day = actingDay(id)
      let skipped = tracker.log(id)[day]?.isSkipped ?? false
      return performForDay(.skip(id, day, !skipped))
    case .detailDay(let day):
      dayEditor = DayEditor(day: min(day, today))
      dayEditor.pauseFrom = day.iso
      dayEditor.pauseThrough = day.iso
    case .total(_, let text):
      dayEditor.total = text
    case .setTotal(let id):
      guard let amount = Amount(parsing: Text.trimmed(dayEditor.total ?? "")) else {
        dayEditor.message = HabitError.amountNegative.message
        return []
      }
      let effects = performForDay(.logAmount(id, actingDay(id), amount))
      if dayEditor.message == nil { dayEditor.total = nil }
      return effects
    case .note(_, let text):
      dayEditor.note = text
    case .saveNote(let id):
      let effects = performForDay(.setNote(id, actingDay(id), dayEditor.note ?? ""))
      if dayEditor.message == nil { dayEditor.note = nil }
      return effects
    case .pauseFrom(let text):
      dayEditor.pauseFrom = text
    case .pauseThrough(let text):
      dayEditor.pauseThrough = text
    case .pause(let id, let paused):
      return pause(id, paused)
    default:
      break
    }
    return []
  }

  /// Pauses (or resumes) over the typed range and says how many days it changed.
  private mutating func pause(_ id: HabitID?, _ paused: Bool) -> [AppEffect] {
    guard let first = Day(iso: dayEditor.pauseFrom), let last = Day(iso: dayEditor.pauseThrough)
    else {
      dayEditor.pauseMessage = Strings.pauseDatesMissing
      return []
    }
    var days = 0
    for habit in id.flatMap({ tracker.habit($0) }).map({ [$0] }) ?? tracker.sortedHabits
    where id != nil || !habit.isArchived {
      let log = tracker.log(habit.id)
      days +=
        (paused
        ? Pause.days(for: habit, log: log, from: first, through: last, today: today)
        : Pause.pausedDays(for: habit, log: log, from: first, through: last, today: today)).count
    }
    let effects = perform(.pause(id, first, last, paused))
    dayEditor.pauseMessage =
      notice ?? (paused ? Strings.pausedDays(days) : Strings.resumedDays(days))
    notice = nil
    return effects
  }

  /// The account screen's password change and account deletion.
  mutating func editAccount(_ event: AppEvent) -> [AppEffect] {
    switch event {
    case .currentPassword(let text):
      account.currentPassword = text
    case .newPassword(let text):
      account.newPassword = text
    case .deletePassword(let text):
      account.deletePassword = text
    case .changePassword:
      account.passwordChanged = false
      account.currentPasswordMessage =
        account.currentPassword.isEmpty ? Strings.enterCurrentPassword : nil
      account.newPasswordMessage = account.newPassword.isEmpty ? Strings.enterNewPassword : nil
      guard account.currentPasswordMessage == nil, account.newPasswordMessage == nil else {
        return []
      }
      let effect = AppEffect.changePassword(
        current: account.currentPassword, new: account.newPassword)
      account.currentPassword = ""
      account.newPassword = ""
      return [effect]
    case .deleteAccount:
      account.deletePassword = ""
      account.deleteMessage = nil
      dialog = .deleteAccount
    default:
      break
    }
    return []
  }

  /// Confirms the account's deletion: the password goes to the server, nothing changes here yet.
  mutating func confirmDeleteAccount() -> [AppEffect] {
    guard !account.deletePassword.isEmpty else {
      dialog = .deleteAccount
      account.deleteMessage = Strings.enterPasswordToDelete
      return []
    }
    dialog = .deleteAccount
    account.deleteMessage = nil
    let password = account.deletePassword
    account.deletePassword = ""
    return [.deleteAccount(password: password)]
  }

  /// A refused category edit shows next to the category field, not behind the editor.
  mutating func categoryRefusal() {
    guard case .editor(var draft) = sheet else { return }
    draft.categoryMessage = notice
    sheet = .editor(draft)
    notice = nil
  }
}
