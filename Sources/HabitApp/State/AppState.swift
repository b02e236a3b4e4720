public import HabitCore
public import HabitSync

/// Everything the web app shows, and the person's data (the replica). The JS shell only moves
/// events in and HTML out; every rule runs here.
public struct AppState: Sendable {
  public enum Tab: String, Sendable {
    case habits
    case statistics
    case account
  }

  public enum Filter: String, Sendable {
    case all
    case today
    case done
    case notDone
    case archived
  }

  public enum Sheet: Hashable, Sendable {
    case editor(HabitDraft)
    case detail(HabitID)
  }

  public enum Dialog: Hashable, Sendable {
    case deleteHabit(HabitID)
    case deleteCategory(CategoryID)
    case missingFields([String])
  }

  public enum Theme: String, Sendable {
    case system
    case light
    case dark
  }

  public var replica: Replica
  public var today: Day
  public var now: Int64
  public var selectedDay: Day
  public var tab = Tab.habits
  public var onboardingPage: Int?
  public var filter = Filter.all
  public var categoryFilter: CategoryID?
  public var timeFilter: TimeOfDay?
  public var search = ""
  public var sheet: Sheet?
  public var dialog: Dialog?
  public var online = true
  public var accountEmail: String?
  public var signingUp = false
  public var formEmail = ""
  public var formPassword = ""
  public var accountMessage: String?
  public var busy = false
  public var lastSynced: Int64?
  public var syncError: String?
  public var theme = Theme.system
  public var amounts: [HabitID: String] = [:]
  /// A notice for the person (a refused action, a sync refusal), cleared by the next action.
  public var notice: String?

  public init(replica: Replica, today: Day, now: Int64) {
    self.replica = replica
    self.today = today
    self.now = now
    selectedDay = today
    onboardingPage = replica.setting("onboarded") == .bool(true) ? nil : 0
    if case .text(let text) = replica.setting("theme"), let theme = Theme(rawValue: text) {
      self.theme = theme
    }
  }

  public var tracker: Tracker { replica.tracker }

  public var firstWeekday: Weekday {
    if case .int(let number) = replica.setting("firstWeekday"),
      let day = Weekday(isoNumber: Int(number))
    {
      return day
    }
    return .monday
  }

  /// The main list's filter as HabitCore's agenda filter.
  public var agendaFilter: AgendaFilter {
    var result = AgendaFilter(category: categoryFilter, timeOfDay: timeFilter, search: search)
    switch filter {
    case .all, .today: result.status = .all
    case .done: result.status = .done
    case .notDone: result.status = .notDone
    case .archived: result.status = .all
    }
    return result
  }
}
