import HabitCore
import PropertyBased
import Testing

@Suite struct StreakTests {
  private func stats(_ tracker: Tracker, _ id: HabitID = "h1", today: String) throws -> HabitStats {
    try tracker.stats(for: id, today: day(today))
  }

  @Test func consecutiveDoneDaysMakeTheCurrentAndLongestStreak() throws {
    let t = tracker(
      [makeHabit(start: "2026-11-01")],
      done: ["h1": days(from: "2026-11-01", count: 5) + days(from: "2026-11-10", count: 3)])
    let result = try stats(t, today: "2026-11-12")
    #expect(result.currentStreak.length == 3)
    #expect(result.currentStreak.start == day("2026-11-10"))
    #expect(result.longestStreak.length == 5)
    #expect(result.longestStreak.end == day("2026-11-05"))
  }

  @Test func todayNotYetDoneDoesNotBreakTheCurrentStreak() throws {
    let t = tracker(
      [makeHabit(start: "2026-11-01")], done: ["h1": days(from: "2026-11-01", count: 4)])
    #expect(try stats(t, today: "2026-11-05").currentStreak.length == 4)
    #expect(try stats(t, today: "2026-11-06").currentStreak.length == 0)
  }

  @Test func aSkippedDayNeitherBreaksNorExtendsAStreak() throws {
    var t = tracker(
      [makeHabit(start: "2026-11-01")],
      done: ["h1": ["2026-11-01", "2026-11-02", "2026-11-04"]], today: "2026-11-04")
    try t.skip("h1", on: day("2026-11-03"), today: day("2026-11-04"))
    let result = try stats(t, today: "2026-11-04")
    #expect(result.currentStreak.length == 3)
    #expect(result.currentStreak.start == day("2026-11-01"))
  }

  @Test func weekdaySchedulesCountOnlyScheduledDays() throws {
    // Mondays and Thursdays of November 2026: 2, 5, 9, 12, 16, 19.
    let t = tracker(
      [makeHabit(start: "2026-11-01") { $0.schedule = .weekdays([.monday, .thursday]) }],
      done: [
        "h1": ["2026-11-02", "2026-11-05", "2026-11-09", "2026-11-12", "2026-11-16", "2026-11-19"]
      ])
    let result = try stats(t, today: "2026-11-22")
    #expect(result.currentStreak.length == 6)
    #expect(result.completionRate == Ratio(6, of: 6))
  }

  @Test func threeTimesAWeekCountsWeeksMet() throws {
    // ISO weeks starting Mondays 2 Nov, 9 Nov, 16 Nov 2026.
    let t = tracker(
      [makeHabit(start: "2026-11-02") { $0.schedule = .timesPerWeek(3) }],
      done: [
        "h1": [
          "2026-11-02", "2026-11-04", "2026-11-06", "2026-11-09", "2026-11-10", "2026-11-15",
          "2026-11-16", "2026-11-17",
        ]
      ])
    let midWeek = try stats(t, today: "2026-11-18")
    #expect(
      midWeek.currentStreak
        == Streak(length: 2, unit: .weeks, start: day("2026-11-02"), end: day("2026-11-15")))
    let weekEnded = try stats(t, today: "2026-11-23")
    #expect(weekEnded.currentStreak.length == 0)
    #expect(weekEnded.longestStreak.length == 2)
  }

  @Test func aMonthlyQuotaIsJudgedPerCalendarMonth() throws {
    let t = tracker(
      [makeHabit(start: "2026-09-01") { $0.schedule = .timesPerMonth(2) }],
      done: ["h1": ["2026-09-03", "2026-09-20", "2026-10-01", "2026-10-31", "2026-11-02"]])
    let result = try stats(t, today: "2026-11-22")
    #expect(result.currentStreak.length == 2)
    #expect(result.currentStreak.unit == .months)
    #expect(result.completionRate == Ratio(4, of: 4))
  }

  @Test func aQuitHabitsStreakIsDaysWithoutIt() throws {
    let t = tracker(
      [makeHabit(start: "2026-11-01") { $0.direction = .quit }], done: ["h1": ["2026-11-05"]])
    let result = try stats(t, today: "2026-11-10")
    #expect(result.currentStreak.length == 5)
    #expect(result.longestStreak.length == 5)
    #expect(result.metDays == 9)
  }

  @Test func irregularEventsHaveNoStreakButCountTrackedDays() throws {
    let t = tracker(
      [makeHabit(start: "2026-11-01") { $0.kind = .irregularEvent }],
      done: ["h1": ["2026-11-02", "2026-11-03"]])
    let result = try stats(t, today: "2026-11-10")
    #expect(result.currentStreak.length == 0 && result.trackedDays == 2)
    #expect(result.completionRate == nil)
  }

  @Test func countsMeetTheDayOnlyAtTheirTarget() throws {
    var t = tracker([makeHabit(start: "2026-11-01") { $0.measure = .count(step: 1, target: 3) }])
    let today = day("2026-11-02")
    try t.addCount("h1", on: day("2026-11-01"), today: today, times: 3)
    try t.addCount("h1", on: today, today: today, times: 2)
    let result = try t.stats(for: "h1", today: today)
    #expect(result.currentStreak.length == 1 && result.trackedDays == 2)
  }

  @Test func aStreakNeverExceedsTheNumberOfDoneDays() async {
    await propertyCheck(
      count: 300, input: Gen.int(in: 0...119).array(of: 0...90), Gen.int(in: 0...3)
    ) { offsets, scheduleIndex in
      let schedules: [Schedule] = [
        .everyDay, .weekdays([.monday, .wednesday, .saturday]), .everyNDays(3), .timesPerWeek(2),
      ]
      let schedule = schedules[scheduleIndex]
      let marked = Set(offsets).map { day("2026-01-01").advanced(by: $0).iso }
      let t = tracker(
        [makeHabit(start: "2026-01-01") { $0.schedule = schedule }], done: ["h1": marked])
      let result = try! t.stats(for: "h1", today: day("2026-04-30"))
      let perUnit = schedule.isFlexible ? 2 : 1
      #expect(result.longestStreak.length * perUnit <= marked.count)
      #expect(result.currentStreak.length <= result.longestStreak.length)
      #expect(result.metDays == marked.count)
    }
  }

  @Test func addingADoneDayNeverShortensTheLongestStreak() async {
    await propertyCheck(
      count: 300, input: Gen.int(in: 0...89).array(of: 0...60), Gen.int(in: 0...89),
      Gen.int(in: 0...5)
    ) { offsets, extra, scheduleIndex in
      let schedules: [Schedule] = [
        .everyDay, .weekdays(.workdays), .everyNDays(2), .timesPerWeek(3), .timesPerMonth(5),
        .timesInDays(times: 2, days: 4),
      ]
      let habit = makeHabit(start: "2026-01-01") { $0.schedule = schedules[scheduleIndex] }
      let today = day("2026-03-31")
      let before = tracker(
        [habit], done: ["h1": Set(offsets).map { day("2026-01-01").advanced(by: $0).iso }])
      var after = before
      try! after.complete("h1", on: day("2026-01-01").advanced(by: extra), today: today)
      let old = try! before.stats(for: "h1", today: today)
      let new = try! after.stats(for: "h1", today: today)
      #expect(new.longestStreak.length >= old.longestStreak.length)
      #expect(new.currentStreak.length >= old.currentStreak.length)
      #expect(new.strength >= old.strength - 1e-12)
    }
  }

  @Test func skippingAMissedDayNeverShortensAStreak() async {
    await propertyCheck(
      count: 200, input: Gen.int(in: 0...59).array(of: 0...40), Gen.int(in: 0...59)
    ) {
      offsets, skipOffset in
      let today = day("2026-03-01")
      let before = tracker(
        [makeHabit(start: "2026-01-01")],
        done: [
          "h1": Set(offsets).filter { $0 != skipOffset }.map {
            day("2026-01-01").advanced(by: $0).iso
          }
        ])
      var after = before
      try! after.skip("h1", on: day("2026-01-01").advanced(by: skipOffset), today: today)
      let old = try! before.stats(for: "h1", today: today)
      let new = try! after.stats(for: "h1", today: today)
      #expect(new.currentStreak.length >= old.currentStreak.length)
      #expect(new.longestStreak.length >= old.longestStreak.length)
    }
  }
}

/// A deliberately naive reading of the streak rules, to check the optimised analysis against.
private func referenceStreaks(
  marks: [Int: Character], schedule: Schedule, days: Int, todayIndex: Int
) -> (current: Int, longest: Int, met: Int, expected: Int) {
  var run = 0
  var longest = 0
  var met = 0
  var expected = 0
  let start = day("2026-01-01")
  for index in 0...todayIndex where schedule.includes(start.advanced(by: index), start: start) {
    switch marks[index] {
    case "s":
      continue
    case "d":
      run += 1
      met += 1
      expected += 1
      longest = max(longest, run)
    default:
      if index == todayIndex { continue }
      run = 0
      expected += 1
    }
  }
  return (run, longest, met, expected)
}

@Suite struct StreakReferenceTests {
  @Test func theFastAnalysisAgreesWithTheNaiveRulesForFixedSchedules() async {
    await propertyCheck(
      count: 300, input: Gen.int(in: 0...99).array(of: 0...70),
      Gen.int(in: 0...99).array(of: 0...8),
      Gen.int(in: 0...3)
    ) { doneOffsets, skipOffsets, scheduleIndex in
      let schedules: [Schedule] = [
        .everyDay, .weekdays([.tuesday, .friday, .sunday]), .everyNDays(3), .weekdays(.workdays),
      ]
      let schedule = schedules[scheduleIndex]
      let start = day("2026-01-01")
      let todayIndex = 99
      var marks: [Int: Character] = [:]
      for offset in doneOffsets { marks[offset] = "d" }
      for offset in skipOffsets { marks[offset] = "s" }
      var t = tracker([makeHabit(start: "2026-01-01") { $0.schedule = schedule }])
      let today = start.advanced(by: todayIndex)
      for (offset, mark) in marks {
        if mark == "d" {
          try! t.complete("h1", on: start.advanced(by: offset), today: today)
        } else {
          try! t.skip("h1", on: start.advanced(by: offset), today: today)
        }
      }
      let expected = referenceStreaks(
        marks: marks, schedule: schedule, days: 100, todayIndex: todayIndex)
      let stats = try! t.stats(for: "h1", today: today)
      #expect(stats.currentStreak.length == expected.current)
      #expect(stats.longestStreak.length == expected.longest)
      #expect(stats.completionRate == Ratio(expected.met, of: expected.expected))
      if let start = stats.longestStreak.start, let end = stats.longestStreak.end {
        #expect(start <= end)
        #expect(marks[start.distance(to: day("2026-01-01")) * -1] == "d")
      }
    }
  }

  @Test func aQuitHabitKeptCleanGrowsStrong() throws {
    let t = tracker([makeHabit(start: "2026-11-01") { $0.direction = .quit }])
    let clean = try t.stats(for: "h1", today: day("2026-11-20"))
    #expect(abs(clean.strength - 0.655747) < 0.000_001)
    let slipping = tracker(
      [makeHabit(start: "2026-11-01") { $0.direction = .quit }],
      done: ["h1": days(from: "2026-11-01", count: 20)])
    #expect(try slipping.stats(for: "h1", today: day("2026-11-20")).strength == 0)
  }
}
