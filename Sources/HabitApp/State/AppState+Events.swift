import HabitCore
import HabitSync

extension AppState {
  /// Handles one event as the shell sends it (`data-action` or `data-input`, `data-arg`, the
  /// element's value); names no view prints change nothing.
  public mutating func handle(_ name: String, argument: String, value: String) -> [AppEffect] {
    guard let event = AppEvent(name: name, argument: argument, value: value) else { return [] }
    return handle(event)
  }

  /// Handles one event and says what the shell must do.
  public mutating func handle(_ event: AppEvent) -> [AppEffect] {
    // The shell's reports (the clock, the position, push) are not the person's: they keep the
    // notice, which may be a reminder.
    if case .remind(let field, let value) = event {
      return reminderScreens?.handle(&self, field, value) ?? []
    }
    notice = nil
    habits.saved = nil
    switch event {
    case .onboardNext:
      onboardingPage = min((onboardingPage ?? 0) + 1, Strings.onboardingTitles.count - 1)
    case .onboardBack:
      onboardingPage = max((onboardingPage ?? 0) - 1, 0)
    case .onboardDone:
      onboardingPage = nil
      return setSetting("onboarded", .bool(true))
    case .tab(let chosen):
      tab = chosen
      sheet = nil
      dayEditor.pauseAll.message = nil
    case .weekPrevious:
      habits.choose(habits.selectedDay.advanced(by: -7), today: today)
    case .weekNext:
      habits.choose(habits.selectedDay.advanced(by: 7), today: today)
    case .selectDay(let day):
      habits.choose(day, today: today)
    case .goToday:
      habits.choose(today, today: today)
    case .search(let text):
      habits.search = text
    case .filter(let filter):
      habits.filter = filter
      if filter == .today { habits.choose(today, today: today) }
    case .categoryFilter(let id):
      habits.category = id
    case .timeFilter(let time):
      habits.timeOfDay = time
    case .tap(let id):
      return performForDay(.tap(id, actingDay(id)))
    case .amount(let id, let text):
      habits.amounts[id] = text
    case .logAmount(let id):
      guard let amount = Amount(parsing: Text.trimmed(habits.amounts[id] ?? "")) else {
        notice = HabitError.amountNegative.message
        return []
      }
      habits.amounts[id] = nil
      // Logging adds to the day's total; the detail's total corrects it.
      let day = actingDay(id)
      let logged = tracker.log(id)[day]?.countedValue ?? .zero
      return performForDay(.logAmount(id, day, logged + amount))
    case .openAdd:
      sheet = .editor(HabitDraft(today: today))
    case .openEdit(let id):
      if let habit = tracker.habit(id) { sheet = .editor(HabitDraft(editing: habit)) }
    case .openDetail(let id):
      openDetail(id, on: habits.selectedDay)
      progress.restDrawn = false
      return [.drawRest]
    case .closeSheet:
      sheet = nil
    case .draft(let field, let value):
      editDraft { $0.set(field, value) }
    case .draftWeekday(let day):
      editDraft { $0.weekdays.toggle(day) }
    case .draftClearTitle:
      editDraft {
        $0.title = ""
        $0.titleTouched = true
      }
    case .save:
      return save()
    case .categoryAdd:
      let effects = addCategory()
      categoryRefusal()
      return effects
    case .categoryRename(let id):
      guard case .editor(let draft) = sheet else { return [] }
      let effects = perform(.renameCategory(id, draft.newCategoryName))
      if notice == nil { editDraft { $0.newCategoryName = "" } }
      categoryRefusal()
      return effects
    case .categoryDelete(let id):
      dialog = .deleteCategory(id)
    case .pin(let id):
      return perform(.setPinned(id, !(tracker.habit(id)?.isPinned ?? false)))
    case .archive(let id):
      let effects = perform(.setArchived(id, !(tracker.habit(id)?.isArchived ?? false)))
      sheet = nil
      return effects
    case .delete(let id):
      dialog = .deleteHabit(id)
    case .confirm:
      return confirm()
    case .dismiss:
      dialog = nil
    case .signOut:
      // Changes still in the outbox exist only on this device: ask before dropping them.
      if replica.outbox.isEmpty { return [.signOut] }
      dialog = .signOutUnsynced
    case .signOutDiscarding:
      dialog = nil
      return [.signOut]
    case .syncNow:
      dialog = nil
      return connection.email == nil ? [] : [.sync]
    case .retrySave:
      return [.persist]
    case .theme(let chosen):
      theme = chosen
      return setSetting("theme", .text(chosen.rawValue)) + [.theme(chosen.rawValue)]
    case .firstWeekday(let day):
      return setSetting("firstWeekday", .int(Int64(day.isoNumber)))
    case .habitsView, .move, .picker, .sort:
      return habitsScreen(event)
    case .progressMonth, .progressHabit, .openDay, .statisticsPeriod, .scoreBy, .historyBy,
      .drawRest:
      return progressScreen(event)
    case .countDown, .skip, .detailDay, .total, .setTotal, .note, .saveNote, .pauseFrom,
      .pauseThrough, .pause:
      return correct(event)
    case .accountMode, .accountEmail, .accountPassword, .accountSubmit, .currentPassword,
      .newPassword, .changePassword, .deleteAccount, .deletePassword:
      return accountForms?.handle(&self, event) ?? []
    case .importMode, .importFile, .importConfirm, .importCancel, .export:
      return yourData(event)
    case .remind:
      return []
    case .reminderTime(let index, let text):
      reminderScreens?.time(&self, index, text)
    }
    return []
  }

  /// Runs an action on the replica; a refusal becomes a notice and changes nothing.
  mutating func perform(_ action: Action) -> [AppEffect] {
    do {
      let changes = try replica.perform(action, wall: now, today: today)
      return recorded(changes)
    } catch {
      notice = error.message
      return []
    }
  }

  /// Notes local changes for saving and says where they go: storage, and the server if it can.
  private mutating func recorded(_ changes: [Change]) -> [AppEffect] {
    guard !changes.isEmpty else { return [] }
    unsaved.note(changes, inOutbox: true)
    return connection.canSync ? [.persist, .sync] : [.persist]
  }

  mutating func setSetting(_ name: String, _ value: FieldValue) -> [AppEffect] {
    recorded(replica.set(setting: name, to: value, wall: now))
  }

  mutating func editDraft(_ edit: (inout HabitDraft) -> Void) {
    guard case .editor(var draft) = sheet else { return }
    edit(&draft)
    sheet = .editor(draft)
  }

  private mutating func save() -> [AppEffect] {
    guard case .editor(var draft) = sheet else { return [] }
    draft.triedToSave = true
    sheet = .editor(draft)
    let base = draft.editing.flatMap { tracker.habit($0) }
    let id = draft.editing ?? HabitID(newID())
    let (habit, problems) = draft.habit(
      id: id, order: tracker.nextOrder, base: base, in: tracker, today: today)
    let reminderProblems = reminderScreens?.problems(draft) ?? []
    guard let habit, reminderProblems.isEmpty else {
      dialog = .missingFields(problems.map { $0.message } + reminderProblems)
      return []
    }
    let effects = perform(base == nil ? .addHabit(habit) : .updateHabit(habit))
    if notice == nil {
      sheet = nil
      noteWhereSaved(id)
    }
    return effects
  }

  private mutating func addCategory() -> [AppEffect] {
    guard case .editor(let draft) = sheet else { return [] }
    let id = CategoryID(newID())
    let effects = perform(.addCategory(id, draft.newCategoryName))
    if notice == nil {
      editDraft {
        $0.category = id.rawValue
        $0.newCategoryName = ""
      }
    }
    return effects
  }

  private mutating func confirm() -> [AppEffect] {
    guard let current = dialog else { return [] }
    dialog = nil
    switch current {
    case .deleteAccount:
      return accountForms?.confirmDelete(&self) ?? []
    case .deleteHabit(let id):
      sheet = nil
      return perform(.deleteHabit(id))
    case .deletePlace(let id):
      return perform(.deletePlace(id))
    case .deleteCategory(let id):
      let effects = perform(.deleteCategory(id))
      if case .editor(let draft) = sheet, draft.category == id.rawValue {
        editDraft { $0.category = "" }
      }
      if habits.category == id { habits.category = nil }
      return effects
    case .missingFields, .signOutUnsynced:
      return []
    }
  }

  /// A new record id from the replica's device and change counter: unique without randomness.
  mutating func newID() -> String {
    replica.device + "-" + String(replica.nextChangeNumber) + "-" + String(now % 100_000)
  }
}
