/// The statistics screen: figures over all habits in a period, plus every habit's own
/// statistics. The API's statistics endpoint answers with the same value.
public struct TrackerStatistics: Hashable, Sendable {
  public let period: StatisticsPeriod
  /// The days the period's figures count, from the first habit's start at the earliest; nil when
  /// the period holds no such day.
  public let range: ClosedRange<Day>?
  /// The longest streak any habit reached in the period (the part inside it), and whose it was.
  public let bestStreak: Streak
  public let bestStreakHabit: HabitID?
  /// Days on which every due habit was met (at least one was due).
  public let perfectDays: Int
  /// Met days of habits to build in the period.
  public let totalCompletions: Int
  /// Completions per day, over the period's days since the first check-in.
  public let averagePerDay: Ratio
  /// Completions and due days for each weekday, Monday first.
  public let byWeekday: [WeekdayFigure]
  /// Each week the period touches, oldest first, going back twelve weeks at least (a week's
  /// first days may lie before the first habit's start).
  public let weeks: [WeekFigure]
  /// Each category that holds a habit, in the categories' order.
  public let categories: [CategoryFigure]
  /// Every habit's statistics, in display order.
  public let habits: [HabitStats]
  /// Due and met counts per day from the first habit's start to today, for heatmaps.
  public let days: [DayCompletion]

  /// Whether there is anything to show yet (the statistics screen's placeholder otherwise).
  public var isEmpty: Bool { habits.isEmpty }

  /// Whether anything was ever checked in: the Statistics tab shows its placeholder until then.
  public let hasCheckIns: Bool

  /// The heatmap cells for the days of `range` that have figures.
  public func heatmap(_ range: ClosedRange<Day>) -> [DayCompletion] {
    guard let first = days.first else { return [] }
    let lower = max(0, first.day.distance(to: range.lowerBound))
    let upper = min(days.count - 1, first.day.distance(to: range.upperBound))
    guard lower <= upper else { return [] }
    return Array(days[lower...upper])
  }
}

/// One weekday's figures for the "completion by weekday" chart.
public struct WeekdayFigure: Hashable, Sendable {
  public let weekday: Weekday
  public let completions: Int
  /// Met over due on this weekday, each day counted by the one rule of `progress(in:today:)`.
  public let rate: Ratio
}

/// One day's count of habits due and met: a heatmap cell, a day of the Progress calendar,
/// the overview's "3 of 5 done".
public struct DayCompletion: Hashable, Sendable {
  public let day: Day
  public let due: Int
  public let met: Int

  public init(day: Day, due: Int, met: Int) {
    self.day = day
    self.due = due
    self.met = met
  }

  public var ratio: Ratio { Ratio(met, of: due) }

  /// 0 (nothing) to 4 (everything due was met), the heatmap's color steps.
  public var level: Int {
    guard due > 0, met > 0 else { return 0 }
    return min(4, 1 + met * 3 / due)
  }
}

extension Tracker {
  /// Every statistic as of `today` over `period`, in one pass per habit.
  public func statistics(
    today: Day, period: StatisticsPeriod = .all, firstWeekday: Weekday = .monday
  ) -> TrackerStatistics {
    let ordered = sortedHabits
    let first = ordered.map { $0.startDay }.min() ?? today
    var totals = DayTotals(first: first, last: today)
    let dayCount = totals.dayCount
    let window = period.days(today: today, firstWeekday: firstWeekday)
    var lower = 0
    var upper = dayCount - 1
    if let window {
      lower = max(0, first.distance(to: window.lowerBound))
      upper = min(upper, first.distance(to: window.upperBound))
    }
    let counted =
      ordered.isEmpty || lower > upper ? nil : first.advanced(by: lower)...first.advanced(by: upper)

    // The habits are analysed category by category (in the categories' order), so a category's
    // share of the period is what its habits added to the one set of day totals: no day columns
    // per category. (Categories are found by a search, not a dictionary: a handful of them, and
    // a dictionary costs the web module kilobytes.)
    var categoryIDs = sortedCategories.map { $0.id }
    for habit in ordered where !categoryIDs.contains(habit.category) {
      categoryIDs.append(habit.category)
    }
    let slots = ordered.map { categoryIDs.firstIndex(of: $0.category) ?? 0 }
    let sequence = Array(ordered.indices).ordered { (slots[$0], $0) < (slots[$1], $1) }
    var analysed = [HabitStats?](repeating: nil, count: ordered.count)
    var longest = [Streak](repeating: .none(.days), count: ordered.count)
    var categories: [CategoryFigure] = []
    var counts = (due: 0, met: 0, completions: 0)
    var table = DayTable()
    var position = 0
    while position < sequence.count {
      let slot = slots[sequence[position]]
      while position < sequence.count && slots[sequence[position]] == slot {
        let index = sequence[position]
        let habit = ordered[index]
        let stats = HabitAnalysis.analyze(
          habit, log: log(habit.id), today: today, firstWeekday: firstWeekday, totals: &totals,
          table: &table)
        analysed[index] = stats
        longest[index] = stats.longestStreak
        if let window {
          // The table still holds this habit's days.
          longest[index] =
            Streak.best(
              HabitDays(habit, table: table, today: today, firstWeekday: firstWeekday)
                .runs(in: window), limit: 1
            ).first ?? .none(stats.longestStreak.unit)
        }
        position += 1
      }
      if counted != nil {
        let after = totals.counts(from: lower, through: upper)
        categories.append(
          CategoryFigure(
            category: categoryIDs[slot],
            rate: Ratio(after.met - counts.met, of: after.due - counts.due),
            completions: after.completions - counts.completions))
        counts = after
      }
    }
    let all = analysed.map { $0! }
    var best = Streak.none(.days)
    var bestHabit: HabitID? = nil
    for (index, streak) in longest.enumerated() where streak.approximateDays > best.approximateDays
    {
      best = streak
      bestHabit = ordered[index].id
    }

    var perfect = 0
    var completions = 0
    var firstCheckIn: Int? = nil
    var weekdayCompletions = [Int](repeating: 0, count: 7)
    var weekdayDue = [Int](repeating: 0, count: 7)
    var weekdayMet = [Int](repeating: 0, count: 7)
    var weeks: [WeekFigure] = []
    var days: [DayCompletion] = []
    days.reserveCapacity(dayCount)
    var weekdayIndex = first.weekday.rawValue - 1
    for offset in 0..<dayCount {
      let day = first.advanced(by: offset)
      let due = totals.dueCount(at: offset)
      let met = totals.metCount(at: offset)
      let done = totals.completionCount(at: offset)
      if done > 0 && firstCheckIn == nil { firstCheckIn = offset }
      days.append(DayCompletion(day: day, due: due, met: met))
      if offset >= lower && offset <= upper {
        if due > 0 && met == due { perfect += 1 }
        completions += done
        weekdayCompletions[weekdayIndex] += done
        weekdayDue[weekdayIndex] += due
        weekdayMet[weekdayIndex] += met
      }
      weekdayIndex = weekdayIndex == 6 ? 0 : weekdayIndex + 1
    }
    // A short period still shows a trend: the weeks go back twelve weeks at least.
    if counted != nil {
      let twelveWeeks = Bucket.week.start(of: today, firstWeekday: firstWeekday).advanced(by: -77)
      // Whole weeks: a period that begins mid-week (a year) still counts its first week's
      // earlier days, as the weeks before it are counted whole.
      let earliest = first.advanced(by: min(lower, first.distance(to: twelveWeeks)))
      var offset = max(
        0, first.distance(to: Bucket.week.start(of: earliest, firstWeekday: firstWeekday)))
      while offset <= upper {
        let start = Bucket.week.start(of: first.advanced(by: offset), firstWeekday: firstWeekday)
        let end = min(upper, first.distance(to: start) + 6)
        var due = 0
        var met = 0
        var done = 0
        while offset <= end {
          due += totals.dueCount(at: offset)
          met += totals.metCount(at: offset)
          done += totals.completionCount(at: offset)
          offset += 1
        }
        weeks.append(WeekFigure(start: start, rate: Ratio(met, of: due), completions: done))
      }
    }
    let byWeekday = Weekday.allCases.map { weekday in
      let index = weekday.rawValue - 1
      return WeekdayFigure(
        weekday: weekday, completions: weekdayCompletions[index],
        rate: Ratio(weekdayMet[index], of: weekdayDue[index]))
    }
    // Days since the first check-in (or the period's start, when later), so one habit tracked
    // for 23 days reads as such however long ago it started.
    let averageDays = firstCheckIn.map { max(0, upper - max(lower, $0) + 1) } ?? 0
    return TrackerStatistics(
      period: period,
      range: counted,
      bestStreak: best,
      bestStreakHabit: bestHabit,
      perfectDays: perfect,
      totalCompletions: completions,
      averagePerDay: Ratio(completions, of: averageDays),
      byWeekday: byWeekday,
      weeks: weeks,
      categories: categories,
      habits: all,
      days: days,
      hasCheckIns: firstCheckIn != nil || all.contains { $0.trackedDays > 0 }
    )
  }
}
