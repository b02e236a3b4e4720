import HabitCore
import Testing

/// A weekly quota counts in the person's own weeks: the streak, the habit's figures and the
/// statistics all begin a week on the first-weekday setting (issue 26, loss 7).
@Suite struct WeekStartStreakTests {
  private let today = day("2026-11-22")

  /// Twice a week, done Sunday 8 and Saturday 14, Sunday 15 and Monday 16 November: two whole
  /// Sunday-weeks met, but only one Monday-week (9–15), the week of the 2nd falls short and the
  /// week of the 16th is still running.
  private func twiceAWeek() -> Tracker {
    tracker(
      [makeHabit(start: "2026-11-02") { $0.schedule = .timesPerWeek(2) }],
      done: ["h1": ["2026-11-08", "2026-11-14", "2026-11-15", "2026-11-16"]], today: "2026-11-22")
  }

  @Test func aWeeklyQuotasStreakCountsTheWeeksThatBeginOnTheFirstWeekday() throws {
    let t = twiceAWeek()
    let sunday = try t.currentStreak(for: "h1", today: today, firstWeekday: .sunday)
    #expect(
      sunday == Streak(length: 2, unit: .weeks, start: day("2026-11-08"), end: day("2026-11-21")))
    let monday = try t.currentStreak(for: "h1", today: today, firstWeekday: .monday)
    #expect(
      monday == Streak(length: 1, unit: .weeks, start: day("2026-11-09"), end: day("2026-11-15")))
  }

  @Test func theHabitsFiguresAndTheStatisticsCountTheSameWeeks() throws {
    let t = twiceAWeek()
    for weekStart in [Weekday.sunday, .monday, .saturday] {
      let stats = try t.stats(for: "h1", today: today, firstWeekday: weekStart)
      #expect(
        stats.currentStreak
          == (try t.currentStreak(for: "h1", today: today, firstWeekday: weekStart)))
      let statistics = t.statistics(today: today, firstWeekday: weekStart)
      #expect(statistics.bestStreak == stats.longestStreak)
      #expect(
        try t.bestStreaks(for: "h1", today: today, firstWeekday: weekStart).first
          == stats.longestStreak)
    }
    #expect(try t.stats(for: "h1", today: today, firstWeekday: .sunday).longestStreak.length == 2)
  }
}
