public import HabitCore

/// What the habits screen owns: the day it shows, its filters and search, and amounts being typed.
public struct HabitsScreen: Sendable {
  /// "Today" is seed 004's "Today's trackers": it goes to today and shows all of its habits, and
  /// choosing any other day leaves it, so the header, the list and a tap all mean one day.
  public enum Filter: String, Sendable {
    case all
    case today
    case done
    case notDone
  }

  /// A habit just saved that the selected day does not list, and when it comes up next.
  public struct Saved: Hashable, Sendable {
    public let id: HabitID
    public let nextDue: Day?
  }

  public var selectedDay: Day
  public var filter = Filter.all
  public var category: CategoryID?
  public var timeOfDay: TimeOfDay?
  public var search = ""
  public var amounts: [HabitID: String] = [:]
  /// The "All habits" list instead of the selected day's.
  public var showsAll = false
  /// The month the date picker shows, while it is open.
  public var picker: YearMonth?
  /// Said after saving a habit the day does not list, until the next event.
  public var saved: Saved?

  public init(selectedDay: Day) {
    self.selectedDay = selectedDay
  }

  /// The list's filter as HabitCore's agenda filter.
  public var agendaFilter: AgendaFilter {
    var result = AgendaFilter(category: category, timeOfDay: timeOfDay, search: search)
    switch filter {
    case .all, .today: result.status = .all
    case .done: result.status = .done
    case .notDone: result.status = .notDone
    }
    return result
  }

  /// Shows `day` (kept within HabitCore's range): the date picker closes, and the Today filter
  /// gives way to All on any other day.
  public mutating func choose(_ day: Day, today: Day) {
    selectedDay = min(max(day, DayRange.earliest), DayRange.latestStart(today: today))
    picker = nil
    if filter == .today && selectedDay != today { filter = .all }
  }

  /// The months the date picker may show: those holding a day in HabitCore's range.
  public static func pickerMonths(today: Day) -> ClosedRange<YearMonth> {
    DayRange.earliest.yearMonth...DayRange.latestStart(today: today).yearMonth
  }
}
