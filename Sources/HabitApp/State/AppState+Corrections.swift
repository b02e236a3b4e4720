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

  /// A refusal of an edit: next to the day editor while the detail is open, else a notice.
  mutating func refuse(_ message: String) {
    if case .detail = sheet { dayEditor.message = message } else { notice = message }
  }

  /// The day the detail's editor acts on when `day` is asked for: one the habit can hold a
  /// check-in on (its start through today or its goal's last day), or today before it starts.
  func editorDay(_ id: HabitID, _ day: Day) -> Day {
    guard let range = tracker.habit(id)?.markableDays(today: today) else { return today }
    return min(max(day, range.lowerBound), range.upperBound)
  }

  /// Opens a habit's detail on `day` (kept within its days); Account's pause stays as it was.
  mutating func openDetail(_ id: HabitID, on day: Day) {
    sheet = .detail(id)
    let all = dayEditor.pauseAll
    dayEditor = DayEditor(day: editorDay(id, day))
    dayEditor.pauseAll = all
  }

  mutating func correct(_ event: AppEvent) -> [AppEffect] {
    switch event {
    case .countDown(let id):
      // At zero the button is only aria-disabled (it keeps the focus): nothing to take back.
      let day = actingDay(id)
      guard (tracker.log(id)[day]?.countedValue ?? .zero) > .zero else { return [] }
      return performForDay(.addCount(id, day, times: -1))
    case .skip(let id):
      let day = actingDay(id)
      let skipped = tracker.log(id)[day]?.isSkipped ?? false
      // HabitCore's rule, the CLI's and REST's too: a check-in is taken back before a skip.
      if tracker.skipProblem(id, on: day) != nil {
        refuse(Strings.cannotSkip + ".")
        return []
      }
      return performForDay(.skip(id, day, !skipped))
    case .detailDay(let day):
      guard case .detail(let id) = sheet else { return [] }
      let chosen = editorDay(id, day)
      // Choosing the chosen day again (or a day clamped to it) keeps what was typed.
      guard chosen != dayEditor.day else { return [] }
      openDetail(id, on: chosen)
    case .total(_, let text):
      dayEditor.total = text
    case .setTotal(let id):
      let day = actingDay(id)
      // An untouched field shows the stored total, so that is what it sets.
      var amount = tracker.log(id)[day]?.countedValue ?? .zero
      if let typed = dayEditor.total {
        guard let parsed = Amount(parsing: Text.trimmed(typed)) else {
          dayEditor.message = HabitError.amountNegative.message
          return []
        }
        amount = parsed
      }
      let effects = performForDay(.logAmount(id, day, amount))
      if dayEditor.message == nil { dayEditor.total = nil }
      return effects
    case .note(_, let text):
      dayEditor.note = text
    case .saveNote(let id):
      // An untouched (or unchanged) note is the stored one: nothing to save.
      let day = actingDay(id)
      guard let typed = dayEditor.note, typed != (tracker.log(id)[day]?.note ?? "") else {
        dayEditor.note = nil
        dayEditor.message = nil
        return []
      }
      let effects = performForDay(.setNote(id, day, typed))
      if dayEditor.message == nil { dayEditor.note = nil }
      return effects
    case .pauseFrom(let text):
      if case .detail = sheet {
        dayEditor.pause.from = text
      } else {
        dayEditor.pauseAll.from = text
      }
    case .pauseThrough(let text):
      if case .detail = sheet {
        dayEditor.pause.through = text
      } else {
        dayEditor.pauseAll.through = text
      }
    case .pause(let id, let paused):
      var form = id == nil ? dayEditor.pauseAll : dayEditor.pause
      let effects = pause(id, paused, form: &form)
      if id == nil { dayEditor.pauseAll = form } else { dayEditor.pause = form }
      return effects
    default:
      break
    }
    return []
  }

  /// Pauses (or resumes) over the form's range and says there how many days it changed.
  private mutating func pause(_ id: HabitID?, _ paused: Bool, form: inout PauseForm)
    -> [AppEffect]
  {
    guard let first = Day(iso: form.from), let last = Day(iso: form.through) else {
      form.message = Strings.pauseDatesMissing
      return []
    }
    let days: Int
    do {
      days = try tracker.pauseDays(
        covering: id, from: first, through: last, today: today, paused: paused
      ).reduce(0) { $0 + $1.days.count }
    } catch {
      form.message = error.message
      return []
    }
    let effects = perform(.pause(id, first, last, paused))
    form.message = notice ?? (paused ? Strings.pausedDays(days) : Strings.resumedDays(days))
    notice = nil
    return effects
  }

  /// A refused category edit shows next to the category field, not behind the editor.
  mutating func categoryRefusal() {
    guard case .editor(var draft) = sheet else { return }
    draft.categoryMessage = notice
    sheet = .editor(draft)
    notice = nil
  }
}
