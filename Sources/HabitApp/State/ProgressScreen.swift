public import HabitCore

/// What the Progress and Statistics tabs and the detail's charts show: the calendar's month and
/// habit, the statistics' period, and how the charts group days.
public struct ProgressScreen: Hashable, Sendable {
  public var month: YearMonth
  /// The habit the calendar shows alone (its streaks drawn as runs); nil for every habit.
  public var habit: HabitID?
  public var period = StatisticsPeriod.all
  public var scoreBucket = Bucket.week
  public var historyBucket = Bucket.week
  /// False from a detail's opening until its first paint: the sheet shows at once and its
  /// charts, below the fold on a phone, follow a frame later.
  public var chartsDrawn = true

  public init(month: YearMonth) {
    self.month = month
  }
}
