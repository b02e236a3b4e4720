import HabitCore
import Testing

@Suite struct StatisticsTests {
  @Test func goalProgressCountsMetDaysOverTheGoalsDays() throws {
    let t = tracker(
      [makeHabit(start: "2026-11-01") { $0.goal = .days(20) }],
      done: ["h1": days(from: "2026-11-01", count: 5)])
    let stats = try t.stats(for: "h1", today: day("2026-11-10"))
    #expect(stats.goalProgress == Ratio(5, of: 20))
    #expect(stats.goalProgress?.percent == 25)
  }

  @Test func goalProgressForAWeeklyQuotaCountsPartialWeeks() throws {
    // Two weeks of 3 times a week from Monday 2 November: 6 occurrences asked for.
    let t = tracker(
      [
        makeHabit(start: "2026-11-02") {
          $0.schedule = .timesPerWeek(3)
          $0.goal = .weeks(2)
        }
      ],
      done: ["h1": ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-09"]])
    let stats = try t.stats(for: "h1", today: day("2026-11-10"))
    #expect(stats.goalProgress == Ratio(4, of: 6))
  }

  @Test func foreverHasNoGoalProgressAndAFinishedGoalIsComplete() throws {
    let forever = tracker([makeHabit(start: "2026-11-01")])
    #expect(try forever.stats(for: "h1", today: day("2026-11-05")).goalProgress == nil)
    let done = tracker(
      [makeHabit(start: "2026-11-01") { $0.goal = .days(3) }],
      done: ["h1": days(from: "2026-11-01", count: 3)])
    #expect(try done.stats(for: "h1", today: day("2026-12-01")).goalProgress?.percent == 100)
  }

  @Test func completionRateLeavesOutSkipsAndAnOpenToday() throws {
    var t = tracker(
      [makeHabit(start: "2026-11-01")], done: ["h1": ["2026-11-01", "2026-11-02", "2026-11-04"]],
      today: "2026-11-06")
    try t.skip("h1", on: day("2026-11-05"), today: day("2026-11-06"))
    let stats = try t.stats(for: "h1", today: day("2026-11-06"))
    #expect(stats.completionRate == Ratio(3, of: 4))
    #expect(stats.completionRate?.percent == 75)
  }

  @Test func trackerStatisticsSumUpAllHabits() throws {
    // From Monday 2 November to Sunday 8 November 2026.
    let t = tracker(
      [
        makeHabit("a", title: "Daily", start: "2026-11-02"),
        makeHabit("b", title: "Weekdays", start: "2026-11-02") {
          $0.schedule = .weekdays(.workdays)
        },
        makeHabit("q", title: "Quit", start: "2026-11-06") { $0.direction = .quit },
      ],
      done: [
        "a": days(from: "2026-11-02", count: 7),
        "b": ["2026-11-02", "2026-11-03", "2026-11-05"],
        "q": ["2026-11-07"],
      ], today: "2026-11-08")
    let stats = t.statistics(today: day("2026-11-08"))
    #expect(stats.bestStreak.length == 7 && stats.bestStreakHabit == "a")
    // Perfect: Mon 2, Tue 3, Thu 5, Sun 8 (Fri 6: b missed; Sat 7: slipped).
    #expect(stats.perfectDays == 4)
    #expect(stats.totalCompletions == 10)
    #expect(stats.averagePerDay == Ratio(10, of: 7))
    #expect(stats.byWeekday.map(\.completions) == [2, 2, 1, 2, 1, 1, 1])
    #expect(stats.byWeekday[3].rate == Ratio(2, of: 2))
    #expect(stats.byWeekday[4].rate == Ratio(2, of: 3))
    #expect(stats.byWeekday[5].rate == Ratio(1, of: 2))
    #expect(stats.days.count == 7)
    let saturday = stats.heatmap(day("2026-11-07")...day("2026-11-07"))
    #expect(saturday == [DayCompletion(day: day("2026-11-07"), due: 2, met: 1)])
    #expect(saturday.first?.level == 2)
    #expect(stats.heatmap(day("2026-10-01")...day("2026-11-03")).count == 2)
    // Display order: same order number, so by title.
    #expect(stats.habits.map(\.habitID) == ["a", "q", "b"])
  }

  @Test func anEmptyTrackerHasEmptyStatistics() {
    let stats = Tracker().statistics(today: day("2026-11-22"))
    #expect(stats.isEmpty && stats.perfectDays == 0 && stats.totalCompletions == 0)
    #expect(stats.averagePerDay.percent == 0)
    #expect(stats.bestStreakHabit == nil)
  }

  @Test func archivedHabitsKeepTheirCompletionsButLeaveDailyFigures() throws {
    var t = tracker(
      [makeHabit("a", start: "2026-11-01"), makeHabit("b", start: "2026-11-01")],
      done: ["a": ["2026-11-01"], "b": ["2026-11-01", "2026-11-02"]], today: "2026-11-02")
    try t.setArchived("a", true)
    let stats = t.statistics(today: day("2026-11-02"))
    #expect(stats.totalCompletions == 3)
    #expect(stats.perfectDays == 2)
  }

  @Test func heatmapLevelsRiseWithTheShareMet() {
    #expect(DayCompletion(day: day("2026-01-01"), due: 4, met: 0).level == 0)
    #expect(DayCompletion(day: day("2026-01-01"), due: 4, met: 1).level == 1)
    #expect(DayCompletion(day: day("2026-01-01"), due: 4, met: 3).level == 3)
    #expect(DayCompletion(day: day("2026-01-01"), due: 4, met: 4).level == 4)
    #expect(DayCompletion(day: day("2026-01-01"), due: 0, met: 0).level == 0)
  }
}
