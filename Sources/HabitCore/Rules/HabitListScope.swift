/// Which habits a list shows: the ones a day asks for (its agenda), every habit, or the archived
/// ones. One rule for every face, so the web, the CLI and the REST API list the same habits.
public enum HabitListScope: Hashable, Sendable {
  case due
  case all
  case archived

  /// A list for a chosen day is that day's agenda; without a day it is every habit; archived
  /// habits always have their own list.
  public init(dayChosen: Bool, archived: Bool) {
    if archived {
      self = .archived
    } else {
      self = dayChosen ? .due : .all
    }
  }
}

extension Tracker {
  /// The habits `scope` shows, with how each stands on `day`, in display order.
  public func list(
    _ scope: HabitListScope, on day: Day, today: Day, filter: AgendaFilter = .all
  ) -> [AgendaItem] {
    switch scope {
    case .due: return agenda(on: day, today: today, filter: filter)
    case .all: return habitList(on: day, today: today, filter: filter)
    case .archived: return habitList(on: day, today: today, archived: true, filter: filter)
    }
  }
}
