/// How a day's list is ordered: the person's own order, or by the part of the day (seed 001).
public enum HabitSort: Hashable, Sendable {
  case custom
  case timeOfDay
}

extension TimeOfDay {
  /// Where the part of the day comes in a list sorted by time: morning to evening, then any time.
  public var rank: Int {
    switch self {
    case .morning: return 0
    case .afternoon: return 1
    case .evening: return 2
    case .anytime: return 3
    }
  }
}
