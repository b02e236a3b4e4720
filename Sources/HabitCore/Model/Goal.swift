/// How long the person means to keep the habit up; a finite goal ends the habit's days and gives
/// the progress percentage.
public enum Goal: Hashable, Sendable {
  case forever
  case days(Int)
  case weeks(Int)
  case months(Int)

  /// The first day after the goal, or nil for forever.
  public func endDay(start: Day) -> Day? {
    switch self {
    case .forever: return nil
    case .days(let count): return start.advanced(by: count)
    case .weeks(let count): return start.advanced(by: count * 7)
    case .months(let count): return start.adding(months: count)
    }
  }

  var length: Int? {
    switch self {
    case .forever: return nil
    case .days(let count), .weeks(let count), .months(let count): return count
    }
  }
}
