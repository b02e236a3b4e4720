import HabitCore
import HabitSync

extension AppState {
  /// Handles one event from the page (`name` from `data-action`, `argument` from `data-arg`,
  /// `value` from the element) and says what the shell must do.
  public mutating func handle(_ name: String, argument: String, value: String) -> [AppEffect] {
    notice = nil
    switch name {
    case "onboard-next":
      onboardingPage = min((onboardingPage ?? 0) + 1, Strings.onboardingTitles.count - 1)
    case "onboard-back":
      onboardingPage = max((onboardingPage ?? 0) - 1, 0)
    case "onboard-done":
      onboardingPage = nil
      return setSetting("onboarded", .bool(true))
    case "tab":
      tab = Tab(rawValue: argument) ?? .habits
      sheet = nil
    case "week-prev":
      selectedDay = selectedDay.advanced(by: -7)
    case "week-next":
      selectedDay = min(selectedDay.advanced(by: 7), today.advanced(by: 365))
    case "select-day":
      if let day = Day(iso: argument) { selectedDay = day }
    case "go-today":
      selectedDay = today
    case "search":
      search = value
    case "filter":
      filter = Filter(rawValue: argument) ?? .all
      if filter == .today { selectedDay = today }
    case "category-filter":
      categoryFilter = value.isEmpty ? nil : CategoryID(value)
    case "time-filter":
      timeFilter = value.isEmpty ? nil : TimeOfDay(rawValue: value)
    case "tap":
      return perform(.tap(HabitID(argument), selectedDay))
    case "amount":
      amounts[HabitID(argument)] = value
    case "log-amount":
      let id = HabitID(argument)
      guard let amount = Amount(parsing: Text.trimmed(amounts[id] ?? "")) else {
        notice = HabitError.amountNegative.message
        return []
      }
      amounts[id] = nil
      return perform(.logAmount(id, selectedDay, amount))
    case "open-add":
      sheet = .editor(HabitDraft(today: today))
    case "open-edit":
      if let habit = tracker.habit(HabitID(argument)) {
        sheet = .editor(HabitDraft(editing: habit))
      }
    case "open-detail":
      sheet = .detail(HabitID(argument))
    case "close-sheet":
      sheet = nil
    case "draft":
      guard case .editor(var draft) = sheet else { return [] }
      draft.set(argument, value)
      sheet = .editor(draft)
    case "draft-weekday":
      guard case .editor(var draft) = sheet, let number = Int(argument),
        let day = Weekday(isoNumber: number)
      else { return [] }
      draft.weekdays.toggle(day)
      sheet = .editor(draft)
    case "draft-clear-title":
      guard case .editor(var draft) = sheet else { return [] }
      draft.title = ""
      draft.titleTouched = true
      sheet = .editor(draft)
    case "save":
      return save()
    case "category-add":
      return addCategory()
    case "category-rename":
      guard case .editor(let draft) = sheet else { return [] }
      let effects = perform(.renameCategory(CategoryID(argument), draft.newCategoryName))
      if notice == nil, case .editor(var renamed) = sheet {
        renamed.newCategoryName = ""
        sheet = .editor(renamed)
      }
      return effects
    case "category-delete":
      dialog = .deleteCategory(CategoryID(argument))
    case "pin":
      let id = HabitID(argument)
      return perform(.setPinned(id, !(tracker.habit(id)?.isPinned ?? false)))
    case "archive":
      let id = HabitID(argument)
      let effects = perform(.setArchived(id, !(tracker.habit(id)?.isArchived ?? false)))
      sheet = nil
      return effects
    case "delete":
      dialog = .deleteHabit(HabitID(argument))
    case "confirm":
      return confirm()
    case "dismiss":
      dialog = nil
    case "account-mode":
      signingUp = argument == "signUp"
      accountMessage = nil
    case "account-email":
      formEmail = value
    case "account-password":
      formPassword = value
    case "account-submit":
      let email = Text.trimmed(formEmail)
      guard !email.isEmpty, !formPassword.isEmpty else {
        accountMessage = "Enter your email and password."
        return []
      }
      busy = true
      accountMessage = nil
      let password = formPassword
      formPassword = ""
      return [
        signingUp
          ? .signUp(email: email, password: password) : .signIn(email: email, password: password)
      ]
    case "sign-out":
      return [.signOut]
    case "sync-now":
      return accountEmail == nil ? [] : [.sync]
    case "theme":
      theme = Theme(rawValue: value) ?? .system
      return setSetting("theme", .text(theme.rawValue)) + [.theme(theme.rawValue)]
    case "first-weekday":
      guard let number = Int(value), Weekday(isoNumber: number) != nil else { return [] }
      return setSetting("firstWeekday", .int(Int64(number)))
    default:
      break
    }
    return []
  }

  /// Runs an action on the replica; a refusal becomes a notice and changes nothing.
  mutating func perform(_ action: Action) -> [AppEffect] {
    do {
      let changes = try replica.perform(action, wall: now, today: today)
      return changes.isEmpty ? [] : changedEffects
    } catch {
      notice = error.message
      return []
    }
  }

  private var changedEffects: [AppEffect] {
    accountEmail == nil || !online ? [.persist] : [.persist, .sync]
  }

  private mutating func setSetting(_ name: String, _ value: FieldValue) -> [AppEffect] {
    replica.set(setting: name, to: value, wall: now)
    return changedEffects
  }

  private mutating func save() -> [AppEffect] {
    guard case .editor(var draft) = sheet else { return [] }
    draft.triedToSave = true
    sheet = .editor(draft)
    let base = draft.editing.flatMap { tracker.habit($0) }
    let id = draft.editing ?? HabitID(newID())
    let (habit, problems) = draft.habit(id: id, order: tracker.nextOrder, base: base, in: tracker)
    guard let habit else {
      dialog = .missingFields(problems.map { $0.message })
      return []
    }
    let effects = perform(base == nil ? .addHabit(habit) : .updateHabit(habit))
    if notice == nil { sheet = nil }
    return effects
  }

  private mutating func addCategory() -> [AppEffect] {
    guard case .editor(var draft) = sheet else { return [] }
    let id = CategoryID(newID())
    let effects = perform(.addCategory(id, draft.newCategoryName))
    if notice == nil {
      draft.category = id.rawValue
      draft.newCategoryName = ""
      sheet = .editor(draft)
    }
    return effects
  }

  private mutating func confirm() -> [AppEffect] {
    guard let current = dialog else { return [] }
    dialog = nil
    switch current {
    case .deleteHabit(let id):
      sheet = nil
      return perform(.deleteHabit(id))
    case .deleteCategory(let id):
      let effects = perform(.deleteCategory(id))
      if case .editor(var draft) = sheet, draft.category == id.rawValue {
        draft.category = ""
        sheet = .editor(draft)
      }
      if categoryFilter == id { categoryFilter = nil }
      return effects
    case .missingFields:
      return []
    }
  }

  /// A new record id from the replica's device and change counter: unique without randomness.
  mutating func newID() -> String {
    let id = replica.device + "-" + String(replica.nextChangeNumber) + "-" + String(now % 100_000)
    return id
  }
}
