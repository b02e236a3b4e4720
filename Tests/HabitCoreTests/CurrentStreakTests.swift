import HabitCore
import PropertyBased
import Testing

@Suite struct CurrentStreakTests {
  @Test func theCardsStreakWalkAgreesWithTheFullAnalysis() async {
    await propertyCheck(
      count: 600, input: Gen.int(in: 0...479).array(of: 0...90), Gen.int(in: 0...431),
      Gen.int(in: -3...150)
    ) { marks, configuration, todayOffset in
      let habit = generatedHabit(configuration)
      var t = tracker([habit])
      applyMarks(marks, to: habit, in: &t, today: day("2026-12-31"))
      let today = habit.startDay.advanced(by: todayOffset)
      let weekStart = Weekday(isoNumber: marks.count % 7 + 1)!
      let stats = try! t.stats(for: habit.id, today: today, firstWeekday: weekStart)
      #expect(
        try! t.currentStreak(for: habit.id, today: today, firstWeekday: weekStart)
          == stats.currentStreak)
      #expect(
        Streak.best(try! t.streaks(for: habit.id, today: today, firstWeekday: weekStart), limit: 1)
          .first ?? .none(stats.longestStreak.unit) == stats.longestStreak)
      #expect(try! t.trackedDays(for: habit.id, today: today) == stats.trackedDays)
    }
  }

  @Test func aLongUnbrokenHistoryGivesItsWholeLengthAsTheStreak() throws {
    let t = tracker(
      [makeHabit(start: "2016-01-01")], done: ["h1": days(from: "2016-01-01", count: 3_980)])
    let today = day("2016-01-01").advanced(by: 3_980)
    let streak = try t.currentStreak(for: "h1", today: today)
    #expect(
      streak
        == Streak(length: 3_980, unit: .days, start: day("2016-01-01"), end: today.advanced(by: -1))
    )
  }

  @Test func anUnknownHabitHasNoStreak() {
    #expect(throws: HabitError.self) {
      try Tracker().currentStreak(for: "nope", today: day("2026-11-22"))
    }
  }
}
