/// A day of the week, numbered as ISO 8601 does (Monday = 1 … Sunday = 7).
public enum Weekday: Int, CaseIterable, Hashable, Comparable, Sendable {
  case monday = 1
  case tuesday
  case wednesday
  case thursday
  case friday
  case saturday
  case sunday

  public init?(isoNumber: Int) {
    self.init(rawValue: isoNumber)
  }

  public var isoNumber: Int { rawValue }

  /// The weekday `count` days later, wrapping around the week.
  public func advanced(by count: Int) -> Weekday {
    let index = ((rawValue - 1 + count) % 7 + 7) % 7
    return Weekday(rawValue: index + 1)!
  }

  /// How many days after `start` this weekday comes in a week that begins on `start` (0…6).
  public func offset(from start: Weekday) -> Int {
    ((rawValue - start.rawValue) % 7 + 7) % 7
  }

  /// The seven weekdays in the order a week starting on `first` shows them.
  public static func week(startingOn first: Weekday) -> [Weekday] {
    (0..<7).map { first.advanced(by: $0) }
  }

  public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
