/// An ISO 8601 week (weeks start on Monday; week 1 holds the year's first Thursday), the period
/// that "N times a week" habits are measured in.
public struct ISOWeek: Hashable, Comparable, Sendable {
  public let year: Int
  public let week: Int

  public init(containing day: Day) {
    let thursday = day.advanced(by: Weekday.thursday.rawValue - day.weekday.rawValue)
    let weekYear = thursday.year
    let firstOfYear = Day(year: weekYear, month: 1, day: 1)!
    year = weekYear
    week = firstOfYear.distance(to: thursday) / 7 + 1
  }

  /// The Monday that starts this week.
  public var monday: Day {
    let januaryFourth = Day(year: year, month: 1, day: 4)!
    let firstMonday = januaryFourth.advanced(by: -(januaryFourth.weekday.rawValue - 1))
    return firstMonday.advanced(by: (week - 1) * 7)
  }

  public var days: ClosedRange<Day> { monday...monday.advanced(by: 6) }

  /// 52 or 53: a year has 53 ISO weeks when it starts on a Thursday, or is leap and starts on a
  /// Wednesday.
  public static func weeks(inYear year: Int) -> Int {
    ISOWeek(containing: Day(year: year, month: 12, day: 28)!).week
  }

  public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool {
    (lhs.year, lhs.week) < (rhs.year, rhs.week)
  }
}
