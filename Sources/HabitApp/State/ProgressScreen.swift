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
  /// False from a detail's opening until its first paint: the sheet shows its title, facts and
  /// figures at once, and its month, day editor and charts follow a frame later.
  public var restDrawn = true

  public init(month: YearMonth) {
    self.month = month
  }
}
