import HabitCore
import PropertyBased
import Testing

@Suite struct CurrentStreakTests {
  /// A habit from a packed configuration number, so one generated integer covers every shape.
  private func habit(_ configuration: Int) -> Habit {
    let schedules: [Schedule] = [
      .everyDay, .weekdays([.monday, .wednesday, .saturday]), .everyNDays(3), .timesPerWeek(2),
      .timesPerMonth(5),
    ]
    let goals: [Goal] = [.forever, .days(40), .weeks(9)]
    return makeHabit(start: "2026-01-01") {
      $0.schedule = schedules[configuration % 5]
      $0.direction = (configuration / 5) % 2 == 0 ? .build : .quit
      let measures: [Measure] = [
        .done, .count(step: 1, target: 2), .quantity(target: Amount(2), unit: "km"),
      ]
      $0.measure = measures[(configuration / 10) % 3]
      $0.kind = (configuration / 30) % 4 == 0 ? .irregularEvent : .habit
      $0.goal = goals[(configuration / 120) % 3]
    }
  }

  @Test func theCardsStreakWalkAgreesWithTheFullAnalysis() async {
    await propertyCheck(
      count: 600, input: Gen.int(in: 0...479).array(of: 0...90), Gen.int(in: 0...359),
      Gen.int(in: -3...150)
    ) { marks, configuration, todayOffset in
      let habit = habit(configuration)
      var t = tracker([habit])
      let later = day("2026-12-31")
      for mark in marks {
        let day = habit.startDay.advanced(by: mark / 4)
        switch mark % 4 {
        case 0: _ = try? t.tap(habit.id, on: day, today: later)
        case 1: _ = try? t.skip(habit.id, on: day, today: later, skipped: true)
        case 2: _ = try? t.addCount(habit.id, on: day, today: later, times: 1)
        default: _ = try? t.logAmount(habit.id, on: day, today: later, amount: Amount(1))
        }
      }
      let today = habit.startDay.advanced(by: todayOffset)
      let stats = try! t.stats(for: habit.id, today: today)
      #expect(try! t.currentStreak(for: habit.id, today: today) == stats.currentStreak)
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
