/// The statistics screen: figures over all habits, plus every habit's own statistics.
public struct TrackerStatistics: Hashable, Sendable {
  /// The longest streak any habit reached, and whose it was.
  public let bestStreak: Streak
  public let bestStreakHabit: HabitID?
  /// Days on which every due habit was met (at least one was due).
  public let perfectDays: Int
  /// Met days of habits to build, over all time.
  public let totalCompletions: Int
  /// Completions per day since the first habit started.
  public let averagePerDay: Ratio
  /// Completions and due days for each weekday, Monday first.
  public let byWeekday: [WeekdayFigure]
  /// Every habit's statistics, in display order.
  public let habits: [HabitStats]
  /// Due and met counts per day from the first habit's start to today, for heatmaps.
  public let days: [DayCompletion]

  /// Whether there is anything to show yet (the statistics screen's placeholder otherwise).
  public var isEmpty: Bool { habits.isEmpty }

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
  /// Met over due on this weekday, for habits with a fixed schedule.
  public let rate: Ratio
}

/// One heatmap cell.
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
  /// Every statistic as of `today`, in one pass per habit.
  public func statistics(today: Day) -> TrackerStatistics {
    let ordered = sortedHabits
    let first = ordered.map { $0.startDay }.min() ?? today
    var totals = DayTotals(first: first, last: today)
    var all: [HabitStats] = []
    all.reserveCapacity(ordered.count)
    var best = Streak.none(.days)
    var bestHabit: HabitID? = nil
    var table = DayTable()
    for habit in ordered {
      let stats = HabitAnalysis.analyze(
        habit, log: log(habit.id), today: today, totals: &totals, table: &table)
      all.append(stats)
      if stats.longestStreak.approximateDays > best.approximateDays {
        best = stats.longestStreak
        bestHabit = habit.id
      }
    }

    var perfect = 0
    var completions = 0
    var weekdayCompletions = [Int](repeating: 0, count: 7)
    var weekdayDue = [Int](repeating: 0, count: 7)
    var weekdayMet = [Int](repeating: 0, count: 7)
    var days: [DayCompletion] = []
    days.reserveCapacity(totals.dayCount)
    var weekdayIndex = first.weekday.rawValue - 1
    for offset in 0..<totals.dayCount {
      let due = totals.dueCount(at: offset)
      let met = totals.metCount(at: offset)
      let done = totals.completionCount(at: offset)
      if due > 0 && met == due { perfect += 1 }
      completions += done
      weekdayCompletions[weekdayIndex] += done
      weekdayDue[weekdayIndex] += due
      weekdayMet[weekdayIndex] += met
      days.append(DayCompletion(day: first.advanced(by: offset), due: due, met: met))
      weekdayIndex = weekdayIndex == 6 ? 0 : weekdayIndex + 1
    }
    let byWeekday = Weekday.allCases.map { weekday in
      let index = weekday.rawValue - 1
      return WeekdayFigure(
        weekday: weekday, completions: weekdayCompletions[index],
        rate: Ratio(weekdayMet[index], of: weekdayDue[index]))
    }
    return TrackerStatistics(
      bestStreak: best,
      bestStreakHabit: bestHabit,
      perfectDays: perfect,
      totalCompletions: completions,
      averagePerDay: Ratio(completions, of: ordered.isEmpty ? 0 : totals.dayCount),
      byWeekday: byWeekday,
      habits: all,
      days: days
    )
  }
}
