public import HabitCore

/// Everything a person can do on a page. Views print an event into `data-action` (or
/// `data-input`) and `data-arg` attributes, the shell sends those back, and `init(name:…)` reads
/// them: the attribute names live only in `Name`.
public enum AppEvent: Hashable, Sendable {
  case onboardNext
  case onboardBack
  case onboardDone
  case tab(AppState.Tab)
  case weekPrevious
  case weekNext
  case selectDay(Day)
  case goToday
  case search(String)
  case filter(HabitsScreen.Filter)
  case categoryFilter(CategoryID?)
  case timeFilter(TimeOfDay?)
  case tap(HabitID)
  case amount(HabitID, String)
  case logAmount(HabitID)
  case openAdd
  case openEdit(HabitID)
  case openDetail(HabitID)
  case closeSheet
  case draft(field: String, value: String)
  case draftWeekday(Weekday)
  case draftClearTitle
  case save
  case categoryAdd
  case categoryRename(CategoryID)
  case categoryDelete(CategoryID)
  case pin(HabitID)
  case archive(HabitID)
  case delete(HabitID)
  case confirm
  case dismiss
  case accountMode(signingUp: Bool)
  case accountEmail(String)
  case accountPassword(String)
  case accountSubmit
  case signOut
  /// Sign out even though some changes never reached the server.
  case signOutDiscarding
  case syncNow
  /// Write the unsaved changes to this device's storage again, now.
  case retrySave
  case theme(AppState.Theme)
  case firstWeekday(Weekday)
  /// Takes one step off a count (never below zero).
  case countDown(HabitID)
  /// Skips the day (vacation, sick) or takes the skip back.
  case skip(HabitID)
  /// Chooses the day the detail's day editor acts on.
  case detailDay(Day)
  case total(HabitID, String)
  /// Sets the day's total to what was typed (a correction).
  case setTotal(HabitID)
  case note(HabitID, String)
  case saveNote(HabitID)
  case pauseFrom(String)
  case pauseThrough(String)
  /// Pauses one habit, or every habit with nil, over the typed range (false: resumes).
  case pause(HabitID?, Bool)
  case currentPassword(String)
  case newPassword(String)
  case changePassword
  /// Asks before deleting the account.
  case deleteAccount
  case deletePassword(String)
  /// The habits screen's "Day | All habits" switch.
  case habitsView(all: Bool)
  /// Puts a habit at a position of the all-habits list (drag, Move up, Move down).
  case move(HabitID, to: Int)
  /// Opens the date picker on a month, or closes it (nil).
  case picker(YearMonth?)
  case sort(HabitSort)
  /// The Progress calendar's month.
  case progressMonth(YearMonth)
  /// The Progress calendar's habit, or every habit (nil).
  case progressHabit(HabitID?)
  /// A calendar day opens its list.
  case openDay(Day)
  case statisticsPeriod(StatisticsPeriod)
  case scoreBy(Bucket)
  case historyBy(Bucket)
  /// The shell's call after a detail's first paint: its month, day editor and charts follow.
  case drawRest
  /// Import adds to the habits here (false) or replaces everything (true).
  case importMode(replace: Bool)
  /// A file was chosen (its name; the shell keeps its bytes): its preview is asked for.
  case importFile(String)
  case importConfirm
  case importCancel
  /// Downloads the backup (JSON) or every day for spreadsheets (CSV).
  case export(csv: Bool)
  /// Reminders: the editor's, Account → Places, Notifications, and the shell's reports (the
  /// permission, devices, the clock, the position).
  /// (`ReminderField`'s text and the value: read by the reminder screens, which the first-load
  /// module leaves out.)
  case remind(String, String)
  /// The editor's reminder time at a position, as typed.
  case reminderTime(Int, String)

  /// Each kind of event; `text` is its `data-action`/`data-input` value.
  public enum Name: CaseIterable, Sendable {
    case onboardNext
    case onboardBack
    case onboardDone
    case tab
    case weekPrevious
    case weekNext
    case selectDay
    case goToday
    case search
    case filter
    case categoryFilter
    case timeFilter
    case tap
    case amount
    case logAmount
    case openAdd
    case openEdit
    case openDetail
    case closeSheet
    case draft
    case draftWeekday
    case draftClearTitle
    case save
    case categoryAdd
    case categoryRename
    case categoryDelete
    case pin
    case archive
    case delete
    case confirm
    case dismiss
    case accountMode
    case accountEmail
    case accountPassword
    case accountSubmit
    case signOut
    case signOutDiscarding
    case syncNow
    case retrySave
    case theme
    case firstWeekday
    case countDown
    case skip
    case detailDay
    case total
    case setTotal
    case note
    case saveNote
    case pauseFrom
    case pauseThrough
    case pause
    case resume
    case currentPassword
    case newPassword
    case changePassword
    case deleteAccount
    case deletePassword
    case habitsView
    case move
    case picker
    case sort
    case progressMonth
    case progressHabit
    case openDay
    case statisticsPeriod
    case scoreBy
    case historyBy
    case drawRest
    case importMode
    case importFile
    case importConfirm
    case importCancel
    case export
    case remind
    case reminderTime

    /// The attribute value.
    public var text: String {
      switch self {
      case .onboardNext: return "onboard-next"
      case .onboardBack: return "onboard-back"
      case .onboardDone: return "onboard-done"
      case .tab: return "tab"
      case .weekPrevious: return "week-prev"
      case .weekNext: return "week-next"
      case .selectDay: return "select-day"
      case .goToday: return "go-today"
      case .search: return "search"
      case .filter: return "filter"
      case .categoryFilter: return "category-filter"
      case .timeFilter: return "time-filter"
      case .tap: return "tap"
      case .amount: return "amount"
      case .logAmount: return "log-amount"
      case .openAdd: return "open-add"
      case .openEdit: return "open-edit"
      case .openDetail: return "open-detail"
      case .closeSheet: return "close-sheet"
      case .draft: return "draft"
      case .draftWeekday: return "draft-weekday"
      case .draftClearTitle: return "draft-clear-title"
      case .save: return "save"
      case .categoryAdd: return "category-add"
      case .categoryRename: return "category-rename"
      case .categoryDelete: return "category-delete"
      case .pin: return "pin"
      case .archive: return "archive"
      case .delete: return "delete"
      case .confirm: return "confirm"
      case .dismiss: return "dismiss"
      case .accountMode: return "account-mode"
      case .accountEmail: return "account-email"
      case .accountPassword: return "account-password"
      case .accountSubmit: return "account-submit"
      case .signOut: return "sign-out"
      case .signOutDiscarding: return "sign-out-discarding"
      case .syncNow: return "sync-now"
      case .retrySave: return "retry-save"
      case .theme: return "theme"
      case .firstWeekday: return "first-weekday"
      case .countDown: return "count-down"
      case .skip: return "skip"
      case .detailDay: return "detail-day"
      case .total: return "total"
      case .setTotal: return "set-total"
      case .note: return "note"
      case .saveNote: return "save-note"
      case .pauseFrom: return "pause-from"
      case .pauseThrough: return "pause-through"
      case .pause: return "pause"
      case .resume: return "resume"
      case .currentPassword: return "current-password"
      case .newPassword: return "new-password"
      case .changePassword: return "change-password"
      case .deleteAccount: return "delete-account"
      case .deletePassword: return "delete-password"
      case .habitsView: return "habits-view"
      case .move: return "move"
      case .picker: return "picker"
      case .sort: return "sort"
      case .progressMonth: return "progress-month"
      case .progressHabit: return "progress-habit"
      case .openDay: return "open-day"
      case .statisticsPeriod: return "statistics-period"
      case .scoreBy: return "score-by"
      case .historyBy: return "history-by"
      case .drawRest: return "draw-rest"
      case .importMode: return "import-mode"
      case .importFile: return "import-file"
      case .importConfirm: return "import-confirm"
      case .importCancel: return "import-cancel"
      case .export: return "export"
      case .remind: return "remind"
      case .reminderTime: return "remind-time"
      }
    }

    /// The kind whose `text` this is. A search through `text` rather than a string switch or a
    /// raw-value enum: either costs the web module several kilobytes.
    public init?(text: String) {
      guard let name = Self.allCases.first(where: { $0.text == text }) else { return nil }
      self = name
    }
  }

  /// Reads an event the shell sent: the attribute's `name`, its `data-arg`, and the element's
  /// value. Nil for anything no view prints.
  public init?(name: String, argument: String, value: String) {
    guard let kind = Name(text: name) else { return nil }
    switch kind {
    case .onboardNext: self = .onboardNext
    case .onboardBack: self = .onboardBack
    case .onboardDone: self = .onboardDone
    case .tab:
      guard let tab = AppState.Tab(rawValue: argument) else { return nil }
      self = .tab(tab)
    case .weekPrevious: self = .weekPrevious
    case .weekNext: self = .weekNext
    case .selectDay:
      guard let day = Day(iso: argument) else { return nil }
      self = .selectDay(day)
    case .goToday: self = .goToday
    case .search: self = .search(value)
    case .filter:
      guard let filter = HabitsScreen.Filter(rawValue: argument) else { return nil }
      self = .filter(filter)
    case .categoryFilter: self = .categoryFilter(value.isEmpty ? nil : CategoryID(value))
    case .timeFilter: self = .timeFilter(TimeOfDay(rawValue: value))
    case .tap: self = .tap(HabitID(argument))
    case .amount: self = .amount(HabitID(argument), value)
    case .logAmount: self = .logAmount(HabitID(argument))
    case .openAdd: self = .openAdd
    case .openEdit: self = .openEdit(HabitID(argument))
    case .openDetail: self = .openDetail(HabitID(argument))
    case .closeSheet: self = .closeSheet
    case .draft: self = .draft(field: argument, value: value)
    case .draftWeekday:
      guard let number = Int(argument), let day = Weekday(isoNumber: number) else { return nil }
      self = .draftWeekday(day)
    case .draftClearTitle: self = .draftClearTitle
    case .save: self = .save
    case .categoryAdd: self = .categoryAdd
    case .categoryRename: self = .categoryRename(CategoryID(argument))
    case .categoryDelete: self = .categoryDelete(CategoryID(argument))
    case .pin: self = .pin(HabitID(argument))
    case .archive: self = .archive(HabitID(argument))
    case .delete: self = .delete(HabitID(argument))
    case .confirm: self = .confirm
    case .dismiss: self = .dismiss
    case .accountMode: self = .accountMode(signingUp: argument == "signUp")
    case .accountEmail: self = .accountEmail(value)
    case .accountPassword: self = .accountPassword(value)
    case .accountSubmit: self = .accountSubmit
    case .signOut: self = .signOut
    case .signOutDiscarding: self = .signOutDiscarding
    case .syncNow: self = .syncNow
    case .retrySave: self = .retrySave
    case .theme: self = .theme(AppState.Theme(rawValue: value) ?? .system)
    case .firstWeekday:
      guard let number = Int(value), let day = Weekday(isoNumber: number) else { return nil }
      self = .firstWeekday(day)
    case .countDown: self = .countDown(HabitID(argument))
    case .skip: self = .skip(HabitID(argument))
    case .detailDay:
      guard let day = Day(iso: argument) else { return nil }
      self = .detailDay(day)
    case .total: self = .total(HabitID(argument), value)
    case .setTotal: self = .setTotal(HabitID(argument))
    case .note: self = .note(HabitID(argument), value)
    case .saveNote: self = .saveNote(HabitID(argument))
    case .pauseFrom: self = .pauseFrom(value)
    case .pauseThrough: self = .pauseThrough(value)
    case .pause: self = .pause(argument.isEmpty ? nil : HabitID(argument), true)
    case .resume: self = .pause(argument.isEmpty ? nil : HabitID(argument), false)
    case .currentPassword: self = .currentPassword(value)
    case .newPassword: self = .newPassword(value)
    case .changePassword: self = .changePassword
    case .deleteAccount: self = .deleteAccount
    case .deletePassword: self = .deletePassword(value)
    case .habitsView: self = .habitsView(all: argument == "all")
    case .move:
      guard let position = Int(value) else { return nil }
      self = .move(HabitID(argument), to: position)
    case .picker:
      guard !argument.isEmpty else {
        self = .picker(nil)
        return
      }
      guard let day = Day(iso: argument) else { return nil }
      self = .picker(day.yearMonth)
    case .sort: self = .sort(value == "time" ? .timeOfDay : .custom)
    case .progressMonth:
      guard let day = Day(iso: argument) else { return nil }
      self = .progressMonth(day.yearMonth)
    case .progressHabit: self = .progressHabit(value.isEmpty ? nil : HabitID(value))
    case .openDay:
      guard let day = Day(iso: argument) else { return nil }
      self = .openDay(day)
    case .statisticsPeriod:
      guard let period = StatisticsPeriod(rawValue: argument) else { return nil }
      self = .statisticsPeriod(period)
    case .scoreBy:
      guard let bucket = Bucket(rawValue: argument) else { return nil }
      self = .scoreBy(bucket)
    case .historyBy:
      guard let bucket = Bucket(rawValue: argument), bucket != .day else { return nil }
      self = .historyBy(bucket)
    case .drawRest: self = .drawRest
    case .importMode: self = .importMode(replace: argument == "replace")
    case .importFile:
      // Browsers report a chosen file as "C:\fakepath\name": the name is what follows.
      let name = value.split(separator: "\\").last.map(String.init) ?? ""
      guard !name.isEmpty else { return nil }
      self = .importFile(name)
    case .importConfirm: self = .importConfirm
    case .importCancel: self = .importCancel
    case .export: self = .export(csv: argument == "csv")
    case .remind: self = .remind(argument, value)
    case .reminderTime:
      guard let index = Int(argument) else { return nil }
      self = .reminderTime(index, value)
    }
  }

  /// The attributes that send this event: its name, its `data-arg`, and for a button that
  /// carries one, its value (an input sends what was typed instead).
  public var attributes: (name: Name, argument: String, value: String) {
    switch self {
    case .onboardNext: return (.onboardNext, "", "")
    case .onboardBack: return (.onboardBack, "", "")
    case .onboardDone: return (.onboardDone, "", "")
    case .tab(let tab): return (.tab, tab.rawValue, "")
    case .weekPrevious: return (.weekPrevious, "", "")
    case .weekNext: return (.weekNext, "", "")
    case .selectDay(let day): return (.selectDay, day.iso, "")
    case .goToday: return (.goToday, "", "")
    case .search(let text): return (.search, "", text)
    case .filter(let filter): return (.filter, filter.rawValue, "")
    case .categoryFilter(let id): return (.categoryFilter, "", id?.rawValue ?? "")
    case .timeFilter(let time): return (.timeFilter, "", time?.rawValue ?? "")
    case .tap(let id): return (.tap, id.rawValue, "")
    case .amount(let id, let text): return (.amount, id.rawValue, text)
    case .logAmount(let id): return (.logAmount, id.rawValue, "")
    case .openAdd: return (.openAdd, "", "")
    case .openEdit(let id): return (.openEdit, id.rawValue, "")
    case .openDetail(let id): return (.openDetail, id.rawValue, "")
    case .closeSheet: return (.closeSheet, "", "")
    case .draft(let field, let value): return (.draft, field, value)
    case .draftWeekday(let day): return (.draftWeekday, String(day.isoNumber), "")
    case .draftClearTitle: return (.draftClearTitle, "", "")
    case .save: return (.save, "", "")
    case .categoryAdd: return (.categoryAdd, "", "")
    case .categoryRename(let id): return (.categoryRename, id.rawValue, "")
    case .categoryDelete(let id): return (.categoryDelete, id.rawValue, "")
    case .pin(let id): return (.pin, id.rawValue, "")
    case .archive(let id): return (.archive, id.rawValue, "")
    case .delete(let id): return (.delete, id.rawValue, "")
    case .confirm: return (.confirm, "", "")
    case .dismiss: return (.dismiss, "", "")
    case .accountMode(let signingUp): return (.accountMode, signingUp ? "signUp" : "signIn", "")
    case .accountEmail(let text): return (.accountEmail, "", text)
    case .accountPassword(let text): return (.accountPassword, "", text)
    case .accountSubmit: return (.accountSubmit, "", "")
    case .signOut: return (.signOut, "", "")
    case .signOutDiscarding: return (.signOutDiscarding, "", "")
    case .syncNow: return (.syncNow, "", "")
    case .retrySave: return (.retrySave, "", "")
    case .theme(let theme): return (.theme, "", theme.rawValue)
    case .firstWeekday(let day): return (.firstWeekday, "", String(day.isoNumber))
    case .countDown(let id): return (.countDown, id.rawValue, "")
    case .skip(let id): return (.skip, id.rawValue, "")
    case .detailDay(let day): return (.detailDay, day.iso, "")
    case .total(let id, let text): return (.total, id.rawValue, text)
    case .setTotal(let id): return (.setTotal, id.rawValue, "")
    case .note(let id, let text): return (.note, id.rawValue, text)
    case .saveNote(let id): return (.saveNote, id.rawValue, "")
    case .pauseFrom(let text): return (.pauseFrom, "", text)
    case .pauseThrough(let text): return (.pauseThrough, "", text)
    case .pause(let id, let paused): return (paused ? .pause : .resume, id?.rawValue ?? "", "")
    case .currentPassword(let text): return (.currentPassword, "", text)
    case .newPassword(let text): return (.newPassword, "", text)
    case .changePassword: return (.changePassword, "", "")
    case .deleteAccount: return (.deleteAccount, "", "")
    case .deletePassword(let text): return (.deletePassword, "", text)
    case .habitsView(let all): return (.habitsView, all ? "all" : "day", "")
    case .move(let id, let position): return (.move, id.rawValue, String(position))
    case .picker(let month): return (.picker, month?.firstDay.iso ?? "", "")
    case .sort(let sort): return (.sort, "", sort == .timeOfDay ? "time" : "")
    case .progressMonth(let month): return (.progressMonth, month.firstDay.iso, "")
    case .progressHabit(let id): return (.progressHabit, "", id?.rawValue ?? "")
    case .openDay(let day): return (.openDay, day.iso, "")
    case .statisticsPeriod(let period): return (.statisticsPeriod, period.rawValue, "")
    case .scoreBy(let bucket): return (.scoreBy, bucket.rawValue, "")
    case .historyBy(let bucket): return (.historyBy, bucket.rawValue, "")
    case .drawRest: return (.drawRest, "", "")
    case .importMode(let replace): return (.importMode, replace ? "replace" : "merge", "")
    case .importFile(let name): return (.importFile, "", name)
    case .importConfirm: return (.importConfirm, "", "")
    case .importCancel: return (.importCancel, "", "")
    case .export(let csv): return (.export, csv ? "csv" : "json", "")
    case .remind(let field, let value): return (.remind, field, value)
    case .reminderTime(let index, let text): return (.reminderTime, String(index), text)
    }
  }
}
