import HabitCore
import PropertyBased
import Testing

@Suite struct PeriodStatisticsTests {
  /// Issue 11: "Average per day" read 0.01 for a person who started one habit in 2020 and
  /// tracked 23 days; it counts the days since the first check-in, not since the start.
  @Test func theAverageCountsTheDaysSinceTheFirstCheckInNotSinceTheStart() throws {
    let today = "2026-11-22"
    let recent = tracker(
      [makeHabit(start: "2020-03-01")],
      done: ["h1": days(from: day(today).advanced(by: -22).iso, count: 23)], today: today)
    let stats = recent.statistics(today: day(today))
    #expect(stats.totalCompletions == 23)
    #expect(stats.averagePerDay == Ratio(23, of: 23))
    #expect(stats.averagePerDay.value == 1)
    // Tracked 23 days from 1 October: 53 days since the first check-in, not 2,458 since 2020.
    let october = tracker(
      [makeHabit(start: "2020-03-01")], done: ["h1": days(from: "2026-10-01", count: 23)],
      today: today)
    #expect(october.statistics(today: day(today)).averagePerDay == Ratio(23, of: 53))
    // A month counts from its first day once the first check-in is older.
    #expect(
      october.statistics(today: day(today), period: .month).averagePerDay == Ratio(0, of: 22))
    // Nothing checked in yet: no average, and the tab keeps its placeholder.
    let untouched = tracker([makeHabit(start: "2020-03-01")])
    #expect(untouched.statistics(today: day(today)).averagePerDay == Ratio(0, of: 0))
    #expect(!untouched.statistics(today: day(today)).hasCheckIns)
    #expect(recent.statistics(today: day(today)).hasCheckIns)
  }

  @Test func eachPeriodEndsTodayAndBeginsOnItsFirstDay() {
    let sunday = day("2026-11-22")
    #expect(
      StatisticsPeriod.week.days(today: sunday, firstWeekday: .monday) == day("2026-11-16")...sunday
    )
    #expect(StatisticsPeriod.week.days(today: sunday, firstWeekday: .sunday) == sunday...sunday)
    #expect(
      StatisticsPeriod.month.days(today: sunday, firstWeekday: .monday) == day(
        "2026-11-01")...sunday)
    #expect(
      StatisticsPeriod.year.days(today: sunday, firstWeekday: .sunday) == day("2026-01-01")...sunday
    )
    #expect(StatisticsPeriod.all.days(today: sunday, firstWeekday: .monday) == nil)
  }

  @Test func aWeekCountsOnlyItsOwnDaysAndItsStreakPart() throws {
    // Daily from Monday 2 November 2026: "a" done every day but Thursday 12 and Friday 20, "b"
    // (another category) only on Monday 16.
    let done = days(from: "2026-11-02", count: 21).filter {
      $0 != "2026-11-12" && $0 != "2026-11-20"
    }
    let t = tracker(
      [
        makeHabit("a", start: "2026-11-02"),
        makeHabit("b", title: "Walk", start: "2026-11-02") { $0.category = "work" },
      ],
      done: ["a": done, "b": ["2026-11-16"]], today: "2026-11-22")
    let today = day("2026-11-22")
    let week = t.statistics(today: today, period: .week)
    #expect(week.range == day("2026-11-16")...today)
    #expect(week.totalCompletions == 7)
    // The longest part of a run inside the week: Monday to Thursday.
    #expect(
      week.bestStreak
        == Streak(length: 4, unit: .days, start: day("2026-11-16"), end: day("2026-11-19")))
    #expect(week.bestStreakHabit == "a")
    #expect(week.perfectDays == 1)
    #expect(week.averagePerDay == Ratio(7, of: 7))
    #expect(week.categories.map(\.category) == ["work", "health"])
    #expect(week.categories.map(\.completions) == [1, 6])
    #expect(week.categories.map(\.rate) == [Ratio(1, of: 7), Ratio(6, of: 7)])
    // The weekly chart still reaches back to the first habit's week.
    #expect(week.weeks.map(\.start) == [day("2026-11-02"), day("2026-11-09"), day("2026-11-16")])
    #expect(week.weeks.map(\.completions) == [7, 6, 7])
    #expect(week.weeks[1].rate == Ratio(6, of: 14))
    let all = t.statistics(today: today)
    #expect(
      all.bestStreak
        == Streak(length: 10, unit: .days, start: day("2026-11-02"), end: day("2026-11-11")))
    #expect(all.totalCompletions == 20)
    #expect(all.weeks.reduce(0) { $0 + $1.completions } == all.totalCompletions)
    #expect(all.range == day("2026-11-02")...today)
  }

  /// Laws the statistics keep for every period, first weekday and random set of habits.
  @Test func everyPeriodsFiguresAddUpFromItsDays() async {
    await propertyCheck(
      count: 150, input: Gen.int(in: 0...431).array(of: 1...4),
      Gen.int(in: 0...1_919).array(of: 0...200), Gen.int(in: 0...60).array(of: 4),
      Gen.int(in: -3...150), Gen.int(in: 0...15)
    ) { configurations, marks, startOffsets, todayOffset, flags in
      let base = day("2025-11-03")
      let categories: [CategoryID] = ["health", "work", "self", "health"]
      var habits: [Habit] = []
      for (index, configuration) in configurations.enumerated() {
        var habit = generatedHabit(
          configuration, id: HabitID("h\(index)"),
          start: base.advanced(by: startOffsets[index]).iso)
        habit.category = categories[index]
        habit.isArchived = flags & (1 << index) != 0
        habits.append(habit)
      }
      var t = tracker(habits)
      for mark in marks {
        let habit = habits[mark % 4 % habits.count]
        applyMarks([mark / 4], to: habit, in: &t, today: day("2026-12-31"))
      }
      let today = base.advanced(by: todayOffset)
      let all = t.statistics(today: today)
      let first = habits.map(\.startDay).min()!
      let completions = Reference.completions(t, from: first, through: today)
      let firstCheckIn = completions.keys.min()
      let bestLongest = all.habits.map(\.longestStreak.approximateDays).max() ?? 0
      #expect(all.bestStreak.approximateDays == bestLongest)
      #expect(
        all.hasCheckIns
          == habits.contains { habit in
            t.log(habit.id).entries.contains {
              !$0.isSkipped && $0.value > .zero && $0.day >= habit.startDay
                && $0.day <= Reference.lastDay(of: habit, today: today)
            }
          })

      for period in StatisticsPeriod.allCases {
        for firstWeekday in [Weekday.monday, .sunday] {
          let stats = t.statistics(today: today, period: period, firstWeekday: firstWeekday)
          let whole = t.statistics(today: today, firstWeekday: firstWeekday)
          #expect(stats.days == all.days && stats.habits == whole.habits)
          #expect(stats.period == period)
          let window = period.days(today: today, firstWeekday: firstWeekday)
          let lower = max(first, window?.lowerBound ?? first)
          guard lower <= today, let range = stats.range else {
            #expect(stats.range == nil)
            #expect(stats.totalCompletions == 0 && stats.perfectDays == 0)
            #expect(stats.weeks.isEmpty && stats.categories.isEmpty)
            continue
          }
          #expect(range == lower...today)
          let cells = stats.heatmap(range)
          #expect(cells.count == range.count)

          // Perfect days and completions are the period's days' own.
          #expect(stats.perfectDays == cells.filter { $0.due > 0 && $0.met == $0.due }.count)
          #expect(stats.perfectDays <= range.count)
          #expect(stats.totalCompletions == Reference.completionCount(t, in: range, today: today))
          for figure in stats.byWeekday {
            let mine = cells.filter { $0.day.weekday == figure.weekday }
            #expect(
              figure.rate
                == Ratio(mine.reduce(0) { $0 + $1.met }, of: mine.reduce(0) { $0 + $1.due }))
            #expect(
              figure.completions
                == mine.reduce(0) { $0 + (completions[$1.day] ?? 0) })
          }

          // Weeks: consecutive, on the first weekday, up to today's, at least twelve of them
          // when there is that much history, each holding its days' figures.
          let weeks = stats.weeks
          #expect(weeks.last?.start == Bucket.week.start(of: today, firstWeekday: firstWeekday))
          #expect(
            weeks.first!.start
              <= Bucket.week.start(of: range.lowerBound, firstWeekday: firstWeekday))
          let weeksOfHistory =
            Bucket.week.start(of: first, firstWeekday: firstWeekday).distance(
              to: Bucket.week.start(of: today, firstWeekday: firstWeekday)) / 7 + 1
          #expect(weeks.count >= min(12, weeksOfHistory))
          for (earlier, later) in zip(weeks, weeks.dropFirst()) {
            #expect(earlier.start.advanced(by: 7) == later.start)
          }
          for week in weeks {
            #expect(week.start.weekday == firstWeekday)
            let days = stats.heatmap(week.start...week.start.advanced(by: 6))
            #expect(
              week.rate == Ratio(days.reduce(0) { $0 + $1.met }, of: days.reduce(0) { $0 + $1.due })
            )
            #expect(week.completions == days.reduce(0) { $0 + (completions[$1.day] ?? 0) })
          }
          if period == .all || period == .week {
            #expect(
              weeks.filter {
                $0.start >= Bucket.week.start(of: range.lowerBound, firstWeekday: firstWeekday)
              }
              .reduce(0) { $0 + $1.completions } == stats.totalCompletions)
          }

          // Categories split the period's figures, in the categories' order.
          let used = t.sortedCategories.map(\.id).filter { id in
            habits.contains { $0.category == id }
          }
          #expect(stats.categories.map(\.category) == used)
          #expect(stats.categories.reduce(0) { $0 + $1.completions } == stats.totalCompletions)
          #expect(
            stats.categories.reduce(0) { $0 + $1.rate.numerator } == cells.reduce(0) { $0 + $1.met }
          )
          #expect(
            stats.categories.reduce(0) { $0 + $1.rate.denominator }
              == cells.reduce(0) { $0 + $1.due })

          // The average runs over the period's days since the first check-in.
          let averageDays =
            firstCheckIn.map { max(0, max(range.lowerBound, $0).distance(to: today) + 1) } ?? 0
          #expect(stats.averagePerDay == Ratio(stats.totalCompletions, of: averageDays))

          // The best streak inside the period is at most the best of all time, and is it when
          // the period holds every day.
          #expect(stats.bestStreak.approximateDays <= whole.bestStreak.approximateDays)
          if range.lowerBound == first {
            #expect(stats.bestStreak.approximateDays == whole.bestStreak.approximateDays)
          }
        }
      }
    }
  }
}
