public import HabitCore

/// What the habits screen owns: the day it shows, its filters and search, and amounts being typed.
public struct HabitsScreen: Sendable {
  public enum Filter: String, Sendable {
    case all
    case today
    case done
    case notDone
    case archived
  }

  public var selectedDay: Day
  public var filter = Filter.all
  public var category: CategoryID?
  public var timeOfDay: TimeOfDay?
  public var search = ""
  public var amounts: [HabitID: String] = [:]

  public init(selectedDay: Day) {
    self.selectedDay = selectedDay
  }

  /// The list's filter as HabitCore's agenda filter.
  public var agendaFilter: AgendaFilter {
    var result = AgendaFilter(category: category, timeOfDay: timeOfDay, search: search)
    switch filter {
    case .all, .today, .archived: result.status = .all
    case .done: result.status = .done
    case .notDone: result.status = .notDone
    }
    return result
  }

  /// Which habits the list shows: this screen always has a day chosen.
  public var scope: HabitListScope {
    HabitListScope(dayChosen: true, archived: filter == .archived)
  }

  /// The day the list is about: today under the Today chip, otherwise the chosen day.
  public func shownDay(today: Day) -> Day {
    filter == .today ? today : selectedDay
  }
}
