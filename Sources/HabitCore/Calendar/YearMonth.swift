/// A month of a year: the unit of the month calendar and of "N times a month" schedules.
public struct YearMonth: Hashable, Comparable, Sendable {
  public let year: Int
  public let month: Int

  /// Returns nil for a month outside 1…12.
  public init?(year: Int, month: Int) {
    guard (1...12).contains(month) else { return nil }
    self.year = year
    self.month = month
  }

  public var length: Int { Self.length(year: year, month: month) }

  public var firstDay: Day { Day(year: year, month: month, day: 1)! }

  public var lastDay: Day { Day(year: year, month: month, day: length)! }

  public var days: ClosedRange<Day> { firstDay...lastDay }

  public func adding(months count: Int) -> YearMonth {
    let index = year * 12 + (month - 1) + count
    let newYear = index >= 0 ? index / 12 : (index - 11) / 12
    return YearMonth(year: newYear, month: index - newYear * 12 + 1)!
  }

  public var next: YearMonth { adding(months: 1) }
  public var previous: YearMonth { adding(months: -1) }

  public static func isLeap(year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  public static func length(year: Int, month: Int) -> Int {
    switch month {
    case 2: return isLeap(year: year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
    (lhs.year, lhs.month) < (rhs.year, rhs.month)
  }
}
