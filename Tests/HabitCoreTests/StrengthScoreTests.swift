import HabitCore
import Testing

@Suite struct StrengthScoreTests {
  private func close(_ value: Double, _ expected: Double, _ tolerance: Double = 0.000_001) -> Bool {
    abs(value - expected) <= tolerance
  }

  @Test func reproducesLoopsPublishedUnitValues() {
    let daily = 1.0
    let third = 1.0 / 3.0
    #expect(close(StrengthScore.next(previous: 0, frequency: daily, checkmark: 1), 0.051922))
    #expect(close(StrengthScore.next(previous: 0.5, frequency: daily, checkmark: 1), 0.525961))
    #expect(close(StrengthScore.next(previous: 0.5, frequency: daily, checkmark: 0), 0.474039))
    #expect(close(StrengthScore.next(previous: 0.75, frequency: daily, checkmark: 1), 0.762981))
    #expect(close(StrengthScore.next(previous: 0.75, frequency: daily, checkmark: 0), 0.711058))
    #expect(close(StrengthScore.next(previous: 0, frequency: third, checkmark: 1), 0.030314))
    #expect(close(StrengthScore.next(previous: 0.5, frequency: third, checkmark: 1), 0.515157))
    #expect(close(StrengthScore.next(previous: 0.5, frequency: third, checkmark: 0), 0.484842))
    #expect(close(StrengthScore.next(previous: 0.75, frequency: third, checkmark: 1), 0.757578))
    #expect(close(StrengthScore.next(previous: 0.75, frequency: third, checkmark: 0), 0.727263))
  }

  @Test func twentyConsecutiveDailyChecksEndAtLoopsValue() {
    let series = StrengthScore.series(
      [StrengthScore.Check](repeating: .yes, count: 20), numerator: 1, denominator: 1)
    #expect(close(series.last!, 0.655747))
  }

  @Test func aHabitsStrengthUsesTheSameRule() throws {
    let t = tracker(
      [makeHabit(start: "2026-11-01")], done: ["h1": days(from: "2026-11-01", count: 20)])
    let stats = try t.stats(for: "h1", today: day("2026-11-20"))
    #expect(close(stats.strength, 0.655747))
    #expect(stats.strengthPercent == 66)
  }

  @Test func aSkipKeepsThePreviousScore() {
    let series = StrengthScore.series([.yes, .skip, .yes], numerator: 1, denominator: 1)
    #expect(series[0] == series[1])
    #expect(series[2] > series[1])
  }

  @Test func daysBeforeTheFirstKnownCheckScoreZero() {
    let series = StrengthScore.series(
      [.unknown, .unknown, .yes, .unknown], numerator: 1, denominator: 1)
    #expect(series[0] == 0 && series[1] == 0 && close(series[2], 0.051922))
    #expect(series[3] < series[2])
  }

  @Test(arguments: ["loop-meshOlake", "loop-aorizon2022"])
  func reproducesLoopsExportedScoresForEveryYesNoHabit(folder: String) throws {
    let export = try LoopExport(folder: folder)
    var checked = 0
    for habit in export.habits where !habit.isNumeric {
      let scores = StrengthScore.series(
        habit.checks, numerator: habit.numerator, denominator: habit.denominator)
      #expect(scores.count == habit.expectedScores.count)
      for (index, (mine, theirs)) in zip(scores, habit.expectedScores).enumerated() {
        // Loop prints 4 decimals; a value on a rounding boundary may go either way.
        #expect(
          abs(mine - theirs) <= 0.000_05 + 1e-9,
          "\(habit.name) on \(export.days[index].iso): \(mine) vs Loop's \(theirs)")
      }
      checked += 1
    }
    #expect(checked >= 9, "too few yes/no habits found in \(folder)")
  }
}
