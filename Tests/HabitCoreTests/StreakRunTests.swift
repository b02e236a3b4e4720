import PropertyBased
import Testing

@testable import HabitCore

@Suite struct StreakRunTests {
  @Test func everyRunIsListedOldestFirstAndTheBestComeLongestFirst() throws {
    var t = tracker(
      [makeHabit(start: "2026-11-01")],
      done: [
        "h1": days(from: "2026-11-01", count: 3) + days(from: "2026-11-05", count: 5)
          + days(from: "2026-11-12", count: 3) + ["2026-11-16"]
      ], today: "2026-11-17")
    // A skip on the 17th neither ends nor extends the last run.
    try t.skip("h1", on: day("2026-11-17"), today: day("2026-11-17"))
    let today = day("2026-11-18")
    let runs = try t.streaks(for: "h1", today: today)
    #expect(runs.map(\.length) == [3, 5, 3, 1])
    #expect(
      runs[1] == Streak(length: 5, unit: .days, start: day("2026-11-05"), end: day("2026-11-09")))
    #expect(runs.last == (try t.stats(for: "h1", today: today)).currentStreak)
    // Longest first; of the two 3-day runs the earlier one first, as the longest streak counts.
    let best = try t.bestStreaks(for: "h1", today: today, limit: 3)
    #expect(best.map(\.length) == [5, 3, 3])
    #expect(best[1].start == day("2026-11-01"))
    #expect(try t.bestStreaks(for: "h1", today: today).count == 4)
  }

  @Test func aWeeklyQuotaRunsInWholeWeeks() throws {
    // Twice a week from Monday 2 November 2026: weeks of the 2nd and 9th met, the 16th missed,
    // the 23rd met, the 30th still running.
    let t = tracker(
      [makeHabit(start: "2026-11-02") { $0.schedule = .timesPerWeek(2) }],
      done: [
        "h1": ["2026-11-02", "2026-11-04", "2026-11-10", "2026-11-11", "2026-11-24", "2026-11-26"]
      ],
      today: "2026-12-01")
    let runs = try t.streaks(for: "h1", today: day("2026-12-01"))
    #expect(
      runs == [
        Streak(length: 2, unit: .weeks, start: day("2026-11-02"), end: day("2026-11-15")),
        Streak(length: 1, unit: .weeks, start: day("2026-11-23"), end: day("2026-11-29")),
      ])
  }

  @Test func anIrregularEventHasNoRuns() throws {
    let t = tracker(
      [makeHabit(start: "2026-11-01") { $0.kind = .irregularEvent }],
      done: ["h1": days(from: "2026-11-01", count: 4)])
    #expect(try t.streaks(for: "h1", today: day("2026-11-10")).isEmpty)
    #expect(throws: HabitError.self) { try t.streaks(for: "nope", today: day("2026-11-10")) }
  }

  @Test func runsClippedToARangeCountOnlyTheirDaysInside() throws {
    let t = tracker(
      [makeHabit(start: "2026-11-01")], done: ["h1": days(from: "2026-11-01", count: 10)],
      today: "2026-11-20")
    let days = HabitDays(
      t.habit("h1")!, log: t.log("h1"), today: day("2026-11-20"), firstWeekday: .monday)
    #expect(
      days.runs(in: day("2026-11-06")...day("2026-11-30"))
        == [Streak(length: 5, unit: .days, start: day("2026-11-06"), end: day("2026-11-10"))])
    #expect(days.runs(in: day("2026-10-01")...day("2026-10-31")).isEmpty)
  }

  /// The laws every habit's runs keep, whatever its schedule, direction, measure and goal.
  @Test func runsAgreeWithTheHabitsStatistics() async {
    await propertyCheck(
      count: 500, input: Gen.int(in: 0...479).array(of: 0...90), Gen.int(in: 0...431),
      Gen.int(in: -3...150), Gen.int(in: -20...140), Gen.int(in: 0...60)
    ) { marks, configuration, todayOffset, rangeOffset, rangeLength in
      var t = tracker([generatedHabit(configuration)])
      let habit = t.habit("h1")!
      applyMarks(marks, to: habit, in: &t, today: day("2026-12-31"))
      let today = habit.startDay.advanced(by: todayOffset)
      let stats = try! t.stats(for: habit.id, today: today)
      let runs = try! t.streaks(for: habit.id, today: today)

      if habit.kind == .irregularEvent { #expect(runs.isEmpty) }
      // Oldest first, none overlapping, none empty, all in the statistics' unit.
      let lastDay = Reference.lastDay(of: habit, today: today)
      for run in runs {
        #expect(run.length > 0 && run.start! <= run.end!)
        #expect(run.unit == stats.longestStreak.unit)
        // A run counted in days (a run of days too) never reaches outside the habit's life.
        if run.unit == .days { #expect(habit.startDay <= run.start! && run.end! <= lastDay) }
      }
      for (earlier, later) in zip(runs, runs.dropFirst()) { #expect(earlier.end! < later.start!) }
      // The longest run (the first of equals) is the statistics' longest streak, dates and all.
      let longest = runs.map(\.length).max() ?? 0
      #expect(longest == stats.longestStreak.length)
      if longest > 0 { #expect(runs.first { $0.length == longest } == stats.longestStreak) }
      #expect(
        Streak.best(runs, limit: 1).first ?? .none(stats.longestStreak.unit) == stats.longestStreak)
      // The live run is the current streak.
      if stats.currentStreak.length > 0 { #expect(runs.last == stats.currentStreak) }
      // For a fixed schedule the runs hold every met due day.
      if !habit.schedule.isFlexible && habit.kind == .habit {
        let life = Reference.life(of: habit, today: today)
        let metDue = life.filter {
          Reference.isDue(habit, $0) && Reference.isMet(habit, t.log(habit.id)[$0])
        }.count
        #expect(runs.reduce(0) { $0 + $1.length } == metDue)
      }

      // Clipped to a range, a run is a part of one of the whole runs.
      let days = HabitDays(habit, log: t.log(habit.id), today: today, firstWeekday: .monday)
      let lower = habit.startDay.advanced(by: rangeOffset)
      let range = lower...lower.advanced(by: rangeLength)
      for clipped in days.runs(in: range) {
        #expect(
          runs.contains {
            $0.start! <= clipped.start! && clipped.end! <= $0.end! && clipped.length <= $0.length
          })
        #expect(clipped.end! >= range.lowerBound && clipped.start! <= range.upperBound)
        if clipped.unit == .days {
          #expect(clipped.start! >= range.lowerBound && clipped.end! <= range.upperBound)
        }
      }
      // Clipped to the whole life (or more), nothing changes.
      let last = Reference.lastDay(of: habit, today: today)
      if habit.startDay <= last { #expect(days.runs(in: habit.startDay...last) == runs) }
      #expect(days.runs(in: habit.startDay.advanced(by: -40)...today.advanced(by: 40)) == runs)
    }
  }
}
