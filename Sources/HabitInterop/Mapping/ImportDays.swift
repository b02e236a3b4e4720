public import HabitCore

/// The days a file may name: years 1 to 9999, the dates a four-digit year writes. A number
/// outside them is refused before any calendar arithmetic, which would overflow on it.
enum ImportDays {
  /// 0001-01-01 and 9999-12-31, in days since 1970.
  static let range: ClosedRange<Int64> = -719_162...2_932_896

  /// The day `days` after 1970-01-01, or nil outside `range`.
  static func day(daysSince1970 days: Int64) -> Day? {
    range.contains(days) ? Day(daysSince1970: Int(days)) : nil
  }

  /// The day of a year, month and day read from a file, or nil when it does not exist or lies
  /// outside years 1 to 9999.
  static func day(year: Int, month: Int, day: Int) -> Day? {
    guard (1...9999).contains(year) else { return nil }
    return Day(year: year, month: month, day: day)
  }
}
