/// A span of days that charts group by: Loop's day, week, month, quarter and year.
public enum Bucket: String, CaseIterable, Hashable, Sendable {
  case day
  case week
  case month
  case quarter
  case year

  /// The first day of the bucket that holds `day`; weeks begin on `firstWeekday`.
  public func start(of day: Day, firstWeekday: Weekday) -> Day {
    switch self {
    case .day:
      return day
    case .week:
      return day.advanced(by: -day.weekday.offset(from: firstWeekday))
    case .month:
      return day.yearMonth.firstDay
    case .quarter:
      let month = day.yearMonth
      return YearMonth(year: month.year, month: (month.month - 1) / 3 * 3 + 1)!.firstDay
    case .year:
      return Day(year: day.year, month: 1, day: 1)!
    }
  }

  /// The first day of the bucket after the one starting at `start`.
  public func next(after start: Day) -> Day {
    switch self {
    case .day: return start.advanced(by: 1)
    case .week: return start.advanced(by: 7)
    case .month: return start.adding(months: 1)
    case .quarter: return start.adding(months: 3)
    case .year: return start.adding(months: 12)
    }
  }

  /// The consecutive buckets that cover `range`, each clipped to it.
  public func spans(covering range: ClosedRange<Day>, firstWeekday: Weekday) -> [ClosedRange<Day>] {
    var spans: [ClosedRange<Day>] = []
    var start = self.start(of: range.lowerBound, firstWeekday: firstWeekday)
    while start <= range.upperBound {
      let next = self.next(after: start)
      spans.append(max(start, range.lowerBound)...min(next.advanced(by: -1), range.upperBound))
      start = next
    }
    return spans
  }
}
