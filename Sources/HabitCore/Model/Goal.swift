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

  /// The goal of `kind` over `count` units.
  public init(_ kind: GoalKind, count: Int) {
    switch kind {
    case .forever: self = .forever
    case .days: self = .days(count)
    case .weeks: self = .weeks(count)
    case .months: self = .months(count)
    }
  }

  /// The kind alone, for the wire and form spellings.
  public var kind: GoalKind {
    switch self {
    case .forever: return .forever
    case .days: return .days
    case .weeks: return .weeks
    case .months: return .months
    }
  }

  /// How many days, weeks or months; nil for forever.
  public var length: Int? {
    switch self {
    case .forever: return nil
    case .days(let count), .weeks(let count), .months(let count): return count
    }
  }
}

/// A goal's kind, spelled as every wire and form spells it.
public enum GoalKind: String, CaseIterable, Hashable, Sendable {
  case forever
  case days
  case weeks
  case months
}
