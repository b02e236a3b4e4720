import HabitCore
import Testing

/// Loop's "N times in M days": judged over runs of M days from the start, streaks in days.
@Suite struct TimesInDaysTests {
  /// 2 times in 3 days from 1 November: runs are 1–3, 4–6, 7–9 and 10–12 November.
  private func twiceInThreeDays(done: [String]) -> Tracker {
    tracker(
      [makeHabit(start: "2026-11-01") { $0.schedule = .timesInDays(times: 2, days: 3) }],
      done: ["h1": done], today: "2026-11-30")
  }

  @Test func aRunOfDaysIsMetWhenItHoldsItsTimesAndAShortRunEndsTheStreak() throws {
    let t = twiceInThreeDays(done: [
      "2026-11-01", "2026-11-03", "2026-11-04", "2026-11-07", "2026-11-08",
    ])
    let stats = try t.stats(for: "h1", today: day("2026-11-10"))
    // 4–6 November holds one check-in of two: the streak starts again on the 7th, and the run
    // of 10–12 November is still open.
    #expect(
      stats.currentStreak
        == Streak(length: 3, unit: .days, start: day("2026-11-07"), end: day("2026-11-09")))
    #expect(
      stats.longestStreak
        == Streak(length: 3, unit: .days, start: day("2026-11-01"), end: day("2026-11-03")))
    #expect(stats.completionRate == Ratio(5, of: 6))
    #expect(try t.currentStreak(for: "h1", today: day("2026-11-10")) == stats.currentStreak)
  }

  @Test func aMetRunStillUnderWayCountsItsDaysOnlyThroughToday() throws {
    let t = twiceInThreeDays(done: ["2026-11-07", "2026-11-08", "2026-11-10", "2026-11-11"])
    let stats = try t.stats(for: "h1", today: day("2026-11-11"))
    #expect(
      stats.currentStreak
        == Streak(length: 5, unit: .days, start: day("2026-11-07"), end: day("2026-11-11")))
  }

  @Test func aRunCutShortByTheGoalCountsOnlyTheDaysTheHabitLived() throws {
    // A goal of 4 days: the last run (4–6 November) holds one day of the habit's life, asks for
    // one check-in, and adds that one day.
    let habit = makeHabit(start: "2026-11-01") {
      $0.schedule = .timesInDays(times: 2, days: 3)
      $0.goal = .days(4)
    }
    let t = tracker(
      [habit], done: ["h1": ["2026-11-01", "2026-11-02", "2026-11-04"]], today: "2026-11-30")
    let stats = try t.stats(for: "h1", today: day("2026-11-10"))
    #expect(
      stats.longestStreak
        == Streak(length: 4, unit: .days, start: day("2026-11-01"), end: day("2026-11-04")))
    #expect(try t.currentStreak(for: "h1", today: day("2026-11-10")) == stats.currentStreak)
  }

  @Test func aStatisticsPeriodCountsOnlyTheDaysOfARunInsideIt() throws {
    // 2 times in 30 days from 1 October, done on 1 and 3 November: this week (Monday 23 to
    // Wednesday 25 November) holds three days of that run, not the 26 since 31 October.
    let t = tracker(
      [makeHabit(start: "2026-10-01") { $0.schedule = .timesInDays(times: 2, days: 30) }],
      done: ["h1": ["2026-10-05", "2026-10-06", "2026-11-01", "2026-11-03"]], today: "2026-11-30")
    let week = t.statistics(today: day("2026-11-25"), period: .week, firstWeekday: .monday)
    #expect(week.bestStreak.length == 3)
    let all = t.statistics(today: day("2026-11-25"), period: .all, firstWeekday: .monday)
    #expect(all.bestStreak.length == 56)
  }

  @Test func timesAsManyAsTheDaysIsEveryDayAsLoopScoresIt() {
    let everyDay = Schedule.timesInDays(times: 3, days: 3).frequency
    let twoInThree = Schedule.timesInDays(times: 2, days: 3).frequency
    #expect(everyDay.numerator == 1 && everyDay.denominator == 1)
    #expect(twoInThree.numerator == 2 && twoInThree.denominator == 3)
  }

  @Test func anyDayIsOpenAndTheDayCountsOnlyWhenDone() throws {
    let t = twiceInThreeDays(done: ["2026-11-01"])
    let habit = try #require(t.habit("h1"))
    #expect(habit.nextDue(onOrAfter: day("2026-11-05")) == day("2026-11-05"))
    #expect(t.progress(on: day("2026-11-01"), today: day("2026-11-10")).due == 1)
    #expect(t.progress(on: day("2026-11-02"), today: day("2026-11-10")).due == 0)
  }

  @Test func impossibleRunsAreRefusedWithTheirNumbers() {
    func problems(_ schedule: Schedule) -> [HabitError] {
      makeHabit { $0.schedule = schedule }.problems(in: Tracker())
    }
    #expect(problems(.timesInDays(times: 2, days: 3)).isEmpty)
    #expect(problems(.timesInDays(times: 365, days: 365)).isEmpty)
    #expect(problems(.timesInDays(times: 4, days: 3)) == [.timesInDaysOutOfRange(4, days: 3)])
    #expect(problems(.timesInDays(times: 0, days: 3)) == [.timesInDaysOutOfRange(0, days: 3)])
    #expect(problems(.timesInDays(times: 1, days: 1)) == [.timesInDaysOutOfRange(1, days: 1)])
    #expect(problems(.timesInDays(times: 1, days: 366)) == [.timesInDaysOutOfRange(1, days: 366)])
    #expect(
      HabitError.timesInDaysOutOfRange(4, days: 3).message
        == "4 times in 3 days isn't possible. Choose 2 to 365 days, and at most as many times.")
    #expect(HabitError.timesInDaysOutOfRange(1, days: 400).message.hasPrefix("Once in 400 days"))
  }
}
