import HabitCore
import Testing

/// An imported "no" or automatic "yes" stays on its day until the person says otherwise.
@Suite struct EntryMarkTests {
  private let today = day("2026-11-22")
  private let marked = day("2026-11-20")

  /// A tracker with a done habit and a count habit whose `marked` day holds `mark` and a note.
  private func trackerWithMarks(_ mark: EntryMark) throws -> Tracker {
    var result = tracker([
      makeHabit(start: "2026-11-01"),
      makeHabit("water", start: "2026-11-01") { $0.measure = .count(step: 1, target: 8) },
      makeHabit("run", start: "2026-11-01") {
        $0.measure = .quantity(target: Amount(5), unit: "km")
      },
    ])
    for id: HabitID in ["h1", "water", "run"] {
      try result.setEntry(Entry(day: marked, note: "imported", mark: mark), for: id, today: today)
    }
    return result
  }

  @Test(arguments: [EntryMark.no, .auto])
  func markingTheDayDoneClearsTheMark(mark: EntryMark) throws {
    var tracker = try trackerWithMarks(mark)
    try tracker.complete("h1", on: marked, today: today)
    #expect(tracker.log("h1")[marked] == Entry(day: marked, value: .one, note: "imported"))
  }

  @Test(arguments: [EntryMark.no, .auto])
  func countingClearsTheMark(mark: EntryMark) throws {
    var tracker = try trackerWithMarks(mark)
    try tracker.addCount("water", on: marked, today: today)
    #expect(tracker.log("water")[marked]?.mark == EntryMark.none)
    #expect(tracker.log("water")[marked]?.value == .one)
  }

  @Test(arguments: [EntryMark.no, .auto])
  func loggingAnAmountClearsTheMark(mark: EntryMark) throws {
    var tracker = try trackerWithMarks(mark)
    try tracker.logAmount("run", on: marked, today: today, amount: Amount(3))
    #expect(tracker.log("run")[marked]?.mark == EntryMark.none)
  }

  @Test(arguments: [EntryMark.no, .auto])
  func skippingClearsTheMark(mark: EntryMark) throws {
    var tracker = try trackerWithMarks(mark)
    try tracker.skip("h1", on: marked, today: today)
    #expect(tracker.log("h1")[marked] == Entry(day: marked, note: "imported", isSkipped: true))
  }

  @Test(arguments: [EntryMark.no, .auto])
  func undoingLeavesTheDayUnmarked(mark: EntryMark) throws {
    var tracker = try trackerWithMarks(mark)
    try tracker.uncomplete("h1", on: marked, today: today)
    #expect(tracker.log("h1")[marked] == Entry(day: marked, note: "imported"))
  }

  @Test func aNoteLeavesTheMark() throws {
    var tracker = try trackerWithMarks(.no)
    try tracker.setNote("h1", on: marked, today: today, note: "still no")
    #expect(tracker.log("h1")[marked]?.mark == .no)
  }

  @Test func aMarkAloneKeepsTheDayButCountsNothing() throws {
    let tracker = try trackerWithMarks(.auto)
    let entry = try #require(tracker.log("h1")[marked])
    #expect(!entry.isEmpty && entry.countedValue == .zero)
    #expect(tracker.habit("h1")?.isDone(entry) == false)
  }
}
