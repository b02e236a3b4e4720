public import HabitCore
public import HabitSync

/// Everything the web app shows, and the person's data (the replica). The JS shell only moves
/// events in and HTML out; every rule runs here.
public struct AppState: Sendable {
  public enum Tab: String, Sendable {
    case habits
    case progress
    case statistics
    case account
  }

  public enum Sheet: Hashable, Sendable {
    case editor(HabitDraft)
    case detail(HabitID)
  }

  public enum Dialog: Hashable, Sendable {
    case deleteHabit(HabitID)
    case deleteCategory(CategoryID)
    case missingFields([String])
    /// Signing out while changes have not reached the server.
    case signOutUnsynced
    /// Deleting the account and everything in it, confirmed with the password.
    case deleteAccount
    /// Deleting a place, naming the habits whose place reminders go with it.
    case deletePlace(PlaceID)
  }

  public enum Theme: String, Sendable {
    case system
    case light
    case dark
  }

  public var replica: Replica
  public var today: Day
  public var now: Int64
  public var tab = Tab.habits
  public var onboardingPage: Int?
  public var habits: HabitsScreen
  public var progress: ProgressScreen
  public var account = AccountForm()
  public var dataImport = DataImport()
  public var connection = Connection()
  public var unsaved = UnsavedChanges()
  public var dayEditor = DayEditor()
  /// The reminder screens' state (`placeForm`, `notifications`, `reminderClock`), boxed: the
  /// first-load module copies the app state often and has no reminder screens.
  public var reminderBox: ReminderBox?
  public var sheet: Sheet?
  public var dialog: Dialog?
  public var theme = Theme.system
  /// A notice for the person (a refused action, a sync refusal), cleared by the next action.
  public var notice: String?

  /// `onboarded` says this browser has been through onboarding before (it survives signing out).
  public init(replica: Replica, today: Day, now: Int64, onboarded: Bool = false) {
    self.replica = replica
    self.today = today
    self.now = now
    habits = HabitsScreen(selectedDay: today)
    progress = ProgressScreen(month: today.yearMonth)
    onboardingPage = onboarded || replica.setting("onboarded") == .bool(true) ? nil : 0
    if case .text(let text) = replica.setting("theme"), let theme = Theme(rawValue: text) {
      self.theme = theme
    }
  }

  public var tracker: Tracker { replica.tracker }

  public var firstWeekday: Weekday { replica.firstWeekday }

  /// How the day's list is sorted: a setting, so it follows the person to their other devices.
  public var habitSort: HabitSort {
    replica.setting("habitSort") == .int(1) ? .timeOfDay : .custom
  }
}
