import HabitCore
import Testing

/// Writing one imported day exactly, under the same rules as a check-in.
@Suite struct SetEntryTests {
  private let today = day("2026-11-22")

  private func trackerForImport() -> Tracker {
    tracker([
      makeHabit(start: "2026-11-01"),
      makeHabit("run", start: "2026-11-01") {
        $0.measure = .quantity(target: Amount(5), unit: "km")
      },
      makeHabit("water", start: "2026-11-01") { $0.measure = .count(step: 1, target: 8) },
      makeHabit("short", start: "2026-11-01") { $0.goal = .days(5) },
    ])
  }

  @Test func theDayIsWrittenExactly() throws {
    var tracker = trackerForImport()
    let entry = Entry(
      day: day("2026-11-03"), value: Amount(thousandths: 2_500), note: "  windy  ")
    try tracker.setEntry(entry, for: "run", today: today)
    #expect(
      tracker.log("run")[entry.day]
        == Entry(day: entry.day, value: Amount(thousandths: 2_500), note: "windy"))
    try tracker.setEntry(Entry(day: entry.day, mark: .no), for: "run", today: today)
    #expect(tracker.log("run")[entry.day] == Entry(day: entry.day, mark: .no))
    try tracker.setEntry(Entry(day: entry.day), for: "run", today: today)
    #expect(tracker.log("run")[entry.day] == nil)
  }

  @Test func aValueOrASkipWinsOverAMark() throws {
    var tracker = trackerForImport()
    let done = Entry(day: day("2026-11-04"), value: .one, mark: .no)
    try tracker.setEntry(done, for: "h1", today: today)
    #expect(tracker.log("h1")[done.day]?.mark == EntryMark.none)
    let skipped = Entry(day: day("2026-11-05"), value: .one, isSkipped: true, mark: .auto)
    try tracker.setEntry(skipped, for: "h1", today: today)
    #expect(tracker.log("h1")[skipped.day] == Entry(day: skipped.day, isSkipped: true))
  }

  @Test func theRulesOfACheckInApply() {
    var tracker = trackerForImport()
    #expect(throws: HabitError.habitNotFound) {
      try tracker.setEntry(Entry(day: today, value: .one), for: "gone", today: today)
    }
    #expect(throws: HabitError.futureDay(day("2026-11-23"))) {
      try tracker.setEntry(Entry(day: day("2026-11-23"), value: .one), for: "h1", today: today)
    }
    #expect(throws: HabitError.dayBeforeStart(start: day("2026-11-01"))) {
      try tracker.setEntry(Entry(day: day("2026-10-31"), value: .one), for: "h1", today: today)
    }
    #expect(throws: HabitError.dayAfterGoal(end: day("2026-11-06"))) {
      try tracker.setEntry(Entry(day: day("2026-11-06"), value: .one), for: "short", today: today)
    }
    let long = String(repeating: "a", count: Entry.maximumNoteLength + 1)
    #expect(throws: HabitError.noteTooLong(length: Entry.maximumNoteLength + 1)) {
      try tracker.setEntry(Entry(day: today, note: long), for: "h1", today: today)
    }
    #expect(throws: HabitError.amountTooLarge) {
      try tracker.setEntry(
        Entry(day: today, value: Amount(HabitError.maximumAmount + 1)), for: "run", today: today)
    }
    #expect(throws: HabitError.countNotWhole) {
      try tracker.setEntry(
        Entry(day: today, value: Amount(thousandths: 1_500)), for: "water", today: today)
    }
    #expect(throws: HabitError.wrongMeasure) {
      try tracker.setEntry(Entry(day: today, value: Amount(2)), for: "h1", today: today)
    }
    #expect(tracker == trackerForImport())
  }
}
