/// The month calendar as rows of whole weeks, so a view can lay it out as a table; days outside the
/// month pad the first and last rows.
public struct MonthGrid: Hashable, Sendable {
  public let month: YearMonth
  public let firstWeekday: Weekday
  /// 4 to 6 rows of 7 days each.
  public let weeks: [[Day]]

  public init(month: YearMonth, firstWeekday: Weekday = .monday) {
    self.month = month
    self.firstWeekday = firstWeekday
    let start = WeekStrip(around: month.firstDay, firstWeekday: firstWeekday).first
    let end = WeekStrip(around: month.lastDay, firstWeekday: firstWeekday).last
    let rowCount = (start.distance(to: end) + 1) / 7
    weeks = (0..<rowCount).map { row in
      (0..<7).map { start.advanced(by: row * 7 + $0) }
    }
  }

  /// The column headers, starting on the first weekday.
  public var weekdays: [Weekday] { Weekday.week(startingOn: firstWeekday) }

  public func isInMonth(_ day: Day) -> Bool {
    month.days.contains(day)
  }
}
