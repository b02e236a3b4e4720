import HabitCore
import PropertyBased
import Testing

@Suite struct PauseTests {
  @Test func aPauseNeitherBreaksNorExtendsTheStreaksAroundIt() async throws {
    // 60 days of a daily habit, done on a random pattern; a pause over days with no mark must
    // count exactly as if those days were not on the calendar at all.
    await propertyCheck(
      count: 300, input: Gen.bool(0.7).array(of: 60...60), Gen.int(in: 0...58), Gen.int(in: 0...20)
    ) { pattern, first, length in
      let start = day("2026-01-01")
      let today = start.advanced(by: 59)
      let last = min(first + length, 58)
      var done: [Int] = []
      for (offset, mark) in pattern.enumerated() where mark && !(first...last).contains(offset) {
        done.append(offset)
      }
      var paused = tracker(
        [makeHabit(start: start.iso)], done: ["h1": done.map { start.advanced(by: $0).iso }])
      try? paused.pause(
        "h1", from: start.advanced(by: first), through: start.advanced(by: last), today: today)
      // The same marks with the paused days taken off the calendar.
      let gap = last - first + 1
      let shifted = done.map { $0 > last ? $0 - gap : $0 }
      let compressed = tracker(
        [makeHabit(start: start.iso)], done: ["h1": shifted.map { start.advanced(by: $0).iso }])
      let withPause = try? paused.stats(for: "h1", today: today)
      let without = try? compressed.stats(for: "h1", today: today.advanced(by: -gap))
      #expect(withPause?.currentStreak.length == without?.currentStreak.length)
      #expect(withPause?.longestStreak.length == without?.longestStreak.length)
      #expect(
        (try? paused.currentStreak(for: "h1", today: today).length)
          == without?.currentStreak.length)
    }
  }

  @Test func resumingTakesBackExactlyWhatThePauseSkipped() async throws {
    await propertyCheck(count: 200, input: Gen.bool(0.5).array(of: 40...40), Gen.int(in: 0...39)) {
      pattern, first in
      let start = day("2026-03-01")
      let today = start.advanced(by: 39)
      let done = pattern.enumerated().filter { $0.element }.map {
        start.advanced(by: $0.offset).iso
      }
      let original = tracker([makeHabit(start: start.iso)], done: ["h1": done])
      var edited = original
      let from = start.advanced(by: first)
      let skipped = try? edited.pause("h1", from: from, through: today, today: today)
      #expect(skipped?.count == pattern[first...].filter { !$0 }.count)
      let resumed = try? edited.pause("h1", from: from, through: today, today: today, paused: false)
      #expect(resumed == skipped)
      #expect(edited == original)
    }
  }

  @Test func aPauseSkipsOnlyDueDaysWithoutAMark() throws {
    // Mondays and Thursdays; 2 November 2026 is a Monday.
    var t = tracker(
      [makeHabit(start: "2026-11-01") { $0.schedule = .weekdays([.monday, .thursday]) }],
      done: ["h1": ["2026-11-05"]])
    let days = try t.pause(
      "h1", from: day("2026-11-01"), through: day("2026-11-12"), today: day("2026-11-22"))
    #expect(days == [day("2026-11-02"), day("2026-11-09"), day("2026-11-12")])
    #expect(t.log("h1")[day("2026-11-05")]?.isSkipped == false)
    #expect(t.log("h1")[day("2026-11-03")] == nil)
  }

  @Test func aPauseEndsByTodayAndLastsAtMostAYear() {
    var t = tracker([makeHabit(start: "2025-01-01")])
    let today = day("2026-11-22")
    #expect(throws: HabitError.futureDay(day("2026-11-23"))) {
      try t.pause("h1", from: today, through: day("2026-11-23"), today: today)
    }
    #expect(throws: HabitError.pauseOutOfRange) {
      try t.pause("h1", from: day("2025-01-01"), through: day("2026-01-02"), today: today)
    }
    #expect(throws: HabitError.pauseOutOfRange) {
      try t.pause("h1", from: today, through: today.advanced(by: -1), today: today)
    }
    #expect(t.log("h1").isEmpty)
  }

  @Test func aPauseNeverShortensAQuitHabitsStreaks() async throws {
    // For a habit to quit an empty day is a success: a pause must not turn it into a skip.
    await propertyCheck(
      count: 300, input: Gen.bool(0.2).array(of: 60...60), Gen.int(in: 0...58), Gen.int(in: 0...20)
    ) { slips, first, length in
      let start = day("2026-01-01")
      let today = start.advanced(by: 59)
      let slipped = slips.enumerated().filter { $0.element }.map {
        start.advanced(by: $0.offset).iso
      }
      let original = tracker(
        [makeHabit(start: start.iso) { $0.direction = .quit }], done: ["h1": slipped])
      var paused = original
      try? paused.pause(
        "h1", from: start.advanced(by: first), through: start.advanced(by: min(first + length, 58)),
        today: today)
      let before = try? original.stats(for: "h1", today: today)
      let after = try? paused.stats(for: "h1", today: today)
      #expect((after?.currentStreak.length ?? 0) >= (before?.currentStreak.length ?? 0))
      #expect((after?.longestStreak.length ?? 0) >= (before?.longestStreak.length ?? 0))
      // A slip is a check-in: a pause keeps it.
      #expect(paused.log("h1").entries.filter { $0.value > .zero }.count == slipped.count)
    }
  }

  @Test func aPauseSkipsNoDayOfAnIrregularEventNorADayHoldingAValue() throws {
    let today = day("2026-11-22")
    var t = tracker([
      makeHabit("event", start: "2026-11-01") { $0.kind = .irregularEvent },
      makeHabit("water", start: "2026-11-01") { $0.measure = .count(step: 1, target: 3) },
    ])
    try t.addCount("water", on: day("2026-11-10"), today: today)
    let changed = try t.pause(
      covering: nil, from: day("2026-11-09"), through: day("2026-11-11"), today: today)
    #expect(changed.map { $0.habit } == ["water"])
    #expect(changed.first?.days == [day("2026-11-09"), day("2026-11-11")])
    #expect(t.log("event").isEmpty)
    #expect(t.log("water")[day("2026-11-10")]?.value == Amount(1))
  }

  @Test func resumeTakesBackEverySkipInTheRangeAndSaysSoBeforehand() throws {
    let today = day("2026-11-22")
    var t = tracker([makeHabit(start: "2026-11-01") { $0.direction = .quit }])
    try t.skip("h1", on: day("2026-11-05"), today: today)
    let planned = try t.pauseDays(
      covering: "h1", from: day("2026-11-01"), through: today, today: today, paused: false)
    #expect(planned.first?.days == [day("2026-11-05")])
    #expect(
      try t.pause("h1", from: day("2026-11-01"), through: today, today: today, paused: false)
        == [day("2026-11-05")])
    #expect(t.log("h1").isEmpty)
  }

  @Test func aSkippedDayCountsNoValue() {
    #expect(
      Entry(day: day("2026-11-22"), value: Amount(1200), isSkipped: true).countedValue == .zero)
    #expect(Entry(day: day("2026-11-22"), value: Amount(1200)).countedValue == Amount(1200))
  }
}
