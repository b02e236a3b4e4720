import HabitCore
import PropertyBased
import Testing

@Suite struct DayProgressTests {
  @Test func theOverviewCountsTheDaysListDoneAndSkippedApart() throws {
    // Sunday 22 November 2026: three daily habits (one done, one skipped), one on weekdays only,
    // one to quit and one archived.
    var t = tracker(
      [
        makeHabit("a", start: "2026-11-01"),
        makeHabit("b", title: "Walk", start: "2026-11-01"),
        makeHabit("c", title: "Stretch", start: "2026-11-01"),
        makeHabit("w", title: "Work", start: "2026-11-01") { $0.schedule = .weekdays(.workdays) },
        makeHabit("q", title: "Smoke", start: "2026-11-01") { $0.direction = .quit },
        makeHabit("x", title: "Old", start: "2026-11-01") { $0.isArchived = true },
      ],
      done: ["a": ["2026-11-21", "2026-11-22"], "x": ["2026-11-22"]], today: "2026-11-22")
    let today = day("2026-11-22")
    try t.skip("b", on: today, today: today)
    // The habit to quit, not slipped today, is not work left undone.
    #expect(t.progress(on: today, today: today) == DayCompletion(day: today, due: 3, met: 2))
    // Yesterday the quit habit was kept: it counts as done once the day is over.
    let saturday = t.progress(on: day("2026-11-21"), today: today)
    #expect(saturday.met == 2 && saturday.due == 4)
    #expect(saturday.ratio == Ratio(2, of: 4) && saturday.level == 2)
    #expect(DayCompletion(day: today, due: 0, met: 0).level == 0)
    #expect(DayCompletion(day: today, due: 3, met: 3).level == 4)
    #expect(DayCompletion(day: today, due: 3, met: 2).level == 3)
  }

  @Test func aDaysLevelShowsHowFarTheHabitGot() {
    let count = makeHabit { $0.measure = .count(step: 1, target: 4) }
    let yesterday = day("2026-11-21")
    #expect(count.level(of: nil, isOver: true) == 0)
    #expect(count.level(of: Entry(day: yesterday, value: Amount(1)), isOver: true) == 1)
    #expect(count.level(of: Entry(day: yesterday, value: Amount(3)), isOver: true) == 3)
    #expect(count.level(of: Entry(day: yesterday, value: Amount(4)), isOver: true) == 4)
    #expect(count.level(of: Entry(day: yesterday, isSkipped: true), isOver: true) == 0)
    let quit = makeHabit { $0.direction = .quit }
    #expect(quit.level(of: nil, isOver: true) == 4)
    #expect(quit.level(of: nil, isOver: false) == 0)
    #expect(quit.level(of: Entry(day: yesterday, value: .one), isOver: true) == 0)
  }

  /// Three times a week, done Tuesday, Thursday and Saturday, beside a daily habit always done:
  /// every day is whole, on the overview, the Progress calendar and in the statistics alike; an
  /// irregular event counts only on a day it happened.
  @Test func aFlexibleHabitOrAnEventCountsOnlyOnTheDaysItWasMet() throws {
    let week = days(from: "2026-11-16", count: 7)
    let t = tracker(
      [
        makeHabit("read", start: "2026-11-16"),
        makeHabit("gym", title: "Gym", start: "2026-11-16") { $0.schedule = .timesPerWeek(3) },
        makeHabit("vet", title: "Vet", start: "2026-11-16") { $0.kind = .irregularEvent },
      ],
      done: [
        "read": week, "gym": ["2026-11-17", "2026-11-19", "2026-11-21"], "vet": ["2026-11-18"],
      ], today: "2026-11-22")
    let today = day("2026-11-22")
    let progress = t.progress(in: day("2026-11-16")...today, today: today)
    #expect(progress.map(\.due) == [1, 2, 2, 2, 1, 2, 1])
    #expect(progress.allSatisfy { $0.met == $0.due })
    let statistics = t.statistics(today: today, period: .week, firstWeekday: .monday)
    #expect(statistics.perfectDays == 7)
    #expect(statistics.days == progress)
  }

  /// The overview, the Progress calendar and the statistics count each day by one rule, and
  /// only habits the day lists.
  @Test func progressAndStatisticsCountEveryDayAlike() async {
    await propertyCheck(
      count: 150, input: Gen.int(in: 0...431).array(of: 1...5),
      Gen.int(in: 0...1_919).array(of: 0...150), Gen.int(in: 0...63), Gen.int(in: 0...120)
    ) { configurations, marks, archived, todayOffset in
      var habits: [Habit] = []
      for (index, configuration) in configurations.enumerated() {
        var habit = generatedHabit(
          configuration, id: HabitID("h\(index)"),
          start: day("2026-01-01").advanced(by: index * 9).iso)
        habit.isArchived = archived & (1 << index) != 0
        habits.append(habit)
      }
      var t = tracker(habits)
      for mark in marks {
        applyMarks(
          [mark / 5], to: habits[mark % 5 % habits.count], in: &t, today: day("2026-12-31"))
      }
      let today = day("2026-01-01").advanced(by: todayOffset)
      let range = day("2025-12-25")...day("2026-05-10")
      let progress = t.progress(in: range, today: today)
      #expect(progress.map(\.day) == Array(range))
      let counted = t.statistics(today: today).days
      for figure in progress {
        let listed = t.agenda(on: figure.day, today: today).filter { !$0.isSkipped }
        #expect(figure.due <= listed.count)
        #expect(figure.met <= figure.due)
        if let first = counted.first, figure.day >= first.day, figure.day <= today {
          #expect(counted[first.day.distance(to: figure.day)] == figure)
        }
      }
    }
  }
}
