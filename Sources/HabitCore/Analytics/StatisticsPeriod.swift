/// The span the Statistics tab's figures cover.
public enum StatisticsPeriod: String, CaseIterable, Hashable, Sendable {
  case week
  case month
  case year
  case all

  /// The period's days up to today (weeks begin on `firstWeekday`); nil for all time.
  public func days(today: Day, firstWeekday: Weekday) -> ClosedRange<Day>? {
    switch self {
    case .week: return Bucket.week.start(of: today, firstWeekday: firstWeekday)...today
    case .month: return today.yearMonth.firstDay...today
    case .year: return Bucket.year.start(of: today, firstWeekday: firstWeekday)...today
    case .all: return nil
    }
  }
}

/// One week's figures for the "completion rate per week" chart.
public struct WeekFigure: Hashable, Sendable {
  /// The week's first day (on the person's first weekday).
  public let start: Day
  /// Met over due, as the perfect days count them.
  public let rate: Ratio
  public let completions: Int
}

/// One category's figures for the breakdown chart.
public struct CategoryFigure: Hashable, Sendable {
  public let category: CategoryID
  /// Met over due in the period.
  public let rate: Ratio
  public let completions: Int
}
