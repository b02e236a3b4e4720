import HabitCore
import HabitSync
import Testing

/// An imported day's mark is a field like the others: written, validated and merged.
@Suite struct EntryMarkSyncTests {
  private let today = day("2026-11-22")
  private let marked = day("2026-11-20")

  @Test func aSetEntryRecordsEveryFieldItChangesAndSyncs() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(makeHabit()), wall: noon, today: today)
    let changes = try phone.perform(
      .setEntry("h1", Entry(day: marked, note: "tired", mark: .no)), wall: noon, today: today)
    #expect(changes.map(\.field.field).sorted() == ["mark", "note"])
    #expect(value(changes, "mark") == .text("no"))
    var laptop = Replica(device: "laptop")
    try laptop.receive(phone.fieldChanges, wall: noon)
    #expect(laptop.tracker.log("h1")[marked] == Entry(day: marked, note: "tired", mark: .no))
    let done = try phone.perform(.complete("h1", marked), wall: noon, today: today)
    #expect(done.map(\.field.field).sorted() == ["mark", "skipped", "value"])
    #expect(value(done, "mark") == .text(""))
  }

  @Test func theSameDayWrittenAgainRecordsNothing() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(makeHabit()), wall: noon, today: today)
    let entry = Entry(day: marked, value: .one, note: "ok")
    try phone.perform(.setEntry("h1", entry), wall: noon, today: today)
    let again = try phone.perform(.setEntry("h1", entry), wall: noon, today: today)
    #expect(again.isEmpty)
  }

  @Test func aMarkMustBeOneOfTheKnownWords() {
    let key = FieldKey(.entry, "h1/2026-11-20", "mark")
    let stamp = Stamp(wall: noon, counter: 0, device: "phone")
    for word in ["", "no", "auto"] {
      let change = Change(id: "c1", field: key, value: .text(word), stamp: stamp)
      #expect(ChangeValidation.problem(change, wall: noon) == nil)
    }
    for bad: FieldValue in [.text("yes"), .bool(true)] {
      let change = Change(id: "c1", field: key, value: bad, stamp: stamp)
      #expect(ChangeValidation.problem(change, wall: noon) != nil)
    }
  }

  @Test func aBatchIsAllOrNothing() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(makeHabit()), wall: noon, today: today)
    let before = phone.tracker
    let outbox = phone.outbox
    #expect(throws: ActionFailure(index: 1, error: .futureDay(day("2026-11-23")))) {
      try phone.perform(
        [
          .setEntry("h1", Entry(day: marked, value: .one)),
          .setEntry("h1", Entry(day: day("2026-11-23"), value: .one)),
        ], wall: noon, today: today)
    }
    #expect(phone.tracker == before && phone.outbox == outbox)
    let changes = try phone.perform(
      [
        .addHabit(makeHabit("h2", title: "Walk")),
        .setEntry("h2", Entry(day: marked, isSkipped: true)),
      ], wall: noon, today: today)
    #expect(phone.tracker.log("h2")[marked]?.isSkipped == true)
    #expect(phone.outbox.count == outbox.count + changes.count)
  }
}
