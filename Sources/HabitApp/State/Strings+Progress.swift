import HabitCore

/// The words of the Progress tab, the Statistics tab and the detail's charts.
extension Strings {
  static var progressTab: String { "Progress" }
  static var allHabitsChoice: String { "All habits" }
  static var showHabit: String { "Show" }
  static var openDayHint: String { "Choose a day to open its list." }
  static var legendNone: String { "Nothing done" }
  static var legendAll: String { "All done" }
  static var legendNothingDue: String { "Nothing due" }
  static var todayMark: String { "Today" }
  static var streakRun: String { "Streak" }
  static var missedDay: String { "missed" }
  static var legendDone: String { "Done" }
  static var legendMissed: String { "Missed" }
  static var nothingDueDay: String { "nothing due" }
  static var openDetails: String { "Open details" }
  static var monthDone: String { "This month" }
  static var overviewTitle: String { "Today's progress" }
  static var strengthOverTime: String { "Strength over time" }
  static var history: String { "History" }
  static var byWeekday: String { "Frequency by weekday" }
  static var bestStreaks: String { "Best streaks" }
  static var lastYear: String { "The last 12 months" }
  static var strengthSeries: String { "Strength" }
  static var doneSeries: String { "Done" }
  static var targetSeries: String { "Target" }
  static var limitSeries: String { "Limit" }
  static var groupBy: String { "Group by" }
  static var periodChoice: String { "Period" }
  static let bucketNames = ["Day", "Week", "Month", "Quarter", "Year"]
  static let periodNames = ["This week", "This month", "This year", "All time"]
  static var completionByWeekday: String { "Completion by weekday" }
  static var completionPerWeek: String { "Completion rate per week" }
  static var byCategory: String { "Completion by category" }
  static var completionSeries: String { "Completed" }
  static var noStreaksYet: String { "No streak yet: mark a due day to start one." }
  static var noData: String { "No data" }
  static var less: String { "Less" }
  static var charts: String { "Charts" }
  static var daysWord: String { "days" }
  static var totalSeries: String { "Total" }
  static var more: String { "More" }

  static func bucketName(_ bucket: Bucket) -> String {
    bucketNames[Bucket.allCases.firstIndex(of: bucket) ?? 0]
  }

  static func periodName(_ period: StatisticsPeriod) -> String {
    periodNames[StatisticsPeriod.allCases.firstIndex(of: period) ?? 0]
  }

  /// "3 of 5 done".
  static func doneOf(_ done: Int, _ listed: Int) -> String {
    String(done) + " of " + String(listed) + " done"
  }

  static func percent(_ ratio: Ratio) -> String { String(ratio.percent) + "%" }

  /// "3 Nov 2026 – 14 Nov 2026", the span of a streak.
  static func span(_ first: Day?, _ last: Day?) -> String {
    guard let first, let last else { return "" }
    let end = shortDate(last) + " " + String(last.year)
    return first == last ? end : shortDate(first) + " " + String(first.year) + " – " + end
  }

  /// The short label of a bucket starting at `day`: "3 Nov", "Nov 2026", "Q4 2026", "2026".
  static func bucketLabel(_ bucket: Bucket, _ day: Day) -> String {
    switch bucket {
    case .day, .week: return shortDate(day)
    case .month: return String(monthNames[day.month - 1].prefix(3)) + " " + String(day.year)
    case .quarter: return "Q" + String((day.month + 2) / 3) + " " + String(day.year)
    case .year: return String(day.year)
    }
  }

  /// The best streak's secondary text: whose and when.
  static func bestStreakDetail(_ title: String?, _ streak: Streak) -> String {
    guard let title, streak.length > 0 else { return noData }
    return title + " · " + span(streak.start, streak.end)
  }

  /// A month of the year heatmap, as screen readers hear it.
  static func monthSummary(_ month: YearMonth, met: Int, skipped: Int) -> String {
    monthTitle(month) + ": " + plural(met, "day") + " met"
      + (skipped > 0 ? ", " + String(skipped) + " skipped" : "")
  }

  static func perfectDaysDetail(_ days: Int) -> String {
    "Days all due habits were done, of " + plural(days, "day")
  }

  static func completedDetail(_ range: ClosedRange<Day>?) -> String {
    guard let range else { return noData }
    return "Check-ins since " + shortDate(range.lowerBound) + " " + String(range.lowerBound.year)
  }

  static func averageDetail(_ ratio: Ratio, sinceFirstCheckIn: Bool) -> String {
    "Habits done per day, over " + plural(ratio.denominator, "day")
      + (sinceFirstCheckIn ? " since the first check-in" : "")
  }

}
