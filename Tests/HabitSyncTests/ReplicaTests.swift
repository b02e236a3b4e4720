import HabitCore
import HabitSync
import Testing

@Suite struct ReplicaTests {
  private let today = day("2026-11-22")

  @Test func creatingAHabitRecordsEveryField() throws {
    var phone = Replica(device: "phone")
    let changes = try phone.perform(
      .addHabit(makeHabit { $0.emoji = "📚" }), wall: noon, today: today)
    #expect(
      Set(changes.map(\.field.field)) == RecordFields.habitFields.subtracting([Merge.deletedField]))
    #expect(value(changes, "title") == .text("Read"))
    #expect(value(changes, "start") == .text("2026-11-01"))
    #expect(phone.tracker.habit("h1")?.emoji == "📚")
    #expect(phone.outbox.count == changes.count)
    #expect(Set(changes.map(\.id)).count == changes.count)
  }

  @Test func editingOneFieldRecordsOnlyThatField() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(makeHabit()), wall: noon, today: today)
    let changes = try phone.perform(
      .updateHabit(makeHabit(title: "Read 20 pages")), wall: noon, today: today)
    #expect(changes.map(\.field.field) == ["title"])
  }

  @Test func everyCheckInBecomesEntryChanges() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(makeHabit()), wall: noon, today: today)
    try phone.perform(
      .addHabit(makeHabit("water") { $0.measure = .count(step: 1, target: 8) }), wall: noon,
      today: today)
    let done = try phone.perform(.complete("h1", today), wall: noon, today: today)
    // A check-in also clears any skip made before it, one this device has not seen too.
    #expect(
      done.map(\.field)
        == [
          FieldKey(.entry, "h1/2026-11-22", "value"), FieldKey(.entry, "h1/2026-11-22", "skipped"),
        ] && done[0].value == .int(1000) && done[1].value == .bool(false))
    let tap = try phone.perform(.addCount("water", today, times: 3), wall: noon, today: today)
    // A run of taps of its own, named after the change that made it.
    #expect(
      tap.map(\.field.field) == ["add.phone-" + tap[0].id.dropFirst(6), "skipped"]
        && tap[0].value == .int(3000))
    let note = try phone.perform(.setNote("h1", today, "felt good"), wall: noon, today: today)
    #expect(note.map(\.field.field) == ["note"])
    let skip = try phone.perform(.skip("h1", day("2026-11-21"), true), wall: noon, today: today)
    #expect(skip.map(\.field.field) == ["skipped"])
    let undo = try phone.perform(.uncomplete("h1", today), wall: noon, today: today)
    #expect(undo.map(\.field.field) == ["value"] && undo[0].value == .int(0))
    #expect(phone.tracker.log("h1")[today]?.note == "felt good")
    #expect(phone.tracker.log("water")[today]?.value == Amount(3))
  }

  @Test func aRefusedActionRecordsNothing() {
    var phone = Replica(device: "phone")
    #expect(throws: HabitError.emptyTitle) {
      try phone.perform(.addHabit(makeHabit(title: " ")), wall: noon, today: today)
    }
    #expect(throws: HabitError.habitNotFound) {
      try phone.perform(.complete("nope", today), wall: noon, today: today)
    }
    #expect(phone.outbox.isEmpty && phone.records.isEmpty)
  }

  @Test func movingTheStartLaterClearsTheDroppedEntries() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(makeHabit()), wall: noon, today: today)
    for offset in 0..<5 {
      try phone.perform(
        .complete("h1", day("2026-11-01").advanced(by: offset)), wall: noon, today: today)
    }
    let changes = try phone.perform(.moveStart("h1", day("2026-11-04")), wall: noon, today: today)
    #expect(changes.filter { $0.entity == .entry }.count == 3)
    var laptop = Replica(device: "laptop")
    try laptop.receive(phone.fieldChanges, wall: noon)
    #expect(laptop.tracker.log("h1").count == 2)
    #expect(laptop.tracker == phone.tracker)
  }

  @Test func deletingACategoryDeletesItsHabitsEverywhere() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addCategory("garden", "Garden"), wall: noon, today: today)
    try phone.perform(.addHabit(makeHabit { $0.category = "garden" }), wall: noon, today: today)
    let changes = try phone.perform(.deleteCategory("garden"), wall: noon, today: today)
    #expect(
      Set(changes.map { "\($0.entity.rawValue)/\($0.key)/\($0.field.field)" }) == [
        "category/garden/deleted", "habit/h1/deleted",
      ])
    #expect(phone.tracker.habits.isEmpty && phone.tracker.category("garden") == nil)
  }

  @Test func aTombstoneWinsOverALaterEdit() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(makeHabit()), wall: noon, today: today)
    var laptop = Replica(device: "laptop")
    try laptop.receive(phone.fieldChanges, wall: noon)
    try phone.perform(.deleteHabit("h1"), wall: noon, today: today)
    try laptop.perform(
      .updateHabit(makeHabit(title: "Read more")), wall: noon + 60_000, today: today)
    try laptop.perform(.complete("h1", today), wall: noon + 60_000, today: today)
    try laptop.receive(phone.outbox, wall: noon + 60_000)
    try phone.receive(laptop.outbox, wall: noon + 60_000)
    #expect(laptop.tracker.habit("h1") == nil && phone.tracker.habit("h1") == nil)
    #expect(laptop.tracker == phone.tracker)
  }

  @Test func countsTappedOfflineOnTwoDevicesBothCount() throws {
    var phone = Replica(device: "phone")
    try phone.perform(
      .addHabit(makeHabit { $0.measure = .count(step: 1, target: 8) }), wall: noon, today: today)
    var laptop = Replica(device: "laptop")
    try laptop.receive(phone.fieldChanges, wall: noon)
    try phone.perform(.addCount("h1", today, times: 2), wall: noon + 1, today: today)
    try laptop.perform(.addCount("h1", today, times: 3), wall: noon + 2, today: today)
    try phone.receive(laptop.outbox, wall: noon + 3)
    try laptop.receive(phone.outbox, wall: noon + 3)
    #expect(phone.tracker.log("h1")[today]?.value == Amount(5))
    #expect(laptop.tracker == phone.tracker)
  }

  @Test func concurrentEditsOfOneFieldKeepTheLaterOne() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(makeHabit()), wall: noon, today: today)
    var laptop = Replica(device: "laptop")
    try laptop.receive(phone.fieldChanges, wall: noon)
    try phone.perform(.updateHabit(makeHabit(title: "Phone title")), wall: noon + 10, today: today)
    try laptop.perform(
      .updateHabit(makeHabit(title: "Laptop title")), wall: noon + 20, today: today)
    try phone.receive(laptop.outbox, wall: noon + 30)
    try laptop.receive(phone.outbox, wall: noon + 30)
    #expect(phone.tracker.habit("h1")?.title == "Laptop title")
    #expect(laptop.tracker.habit("h1")?.title == "Laptop title")
  }

  @Test func aBatchWithOneBadChangeIsRefusedWhole() throws {
    var phone = Replica(device: "phone")
    let good = Change(
      id: "x.1", field: FieldKey(.habit, "h9", "title"), value: .text("Walk"),
      stamp: Stamp(wall: noon, counter: 0, device: "x"))
    let bad = Change(
      id: "x.2", field: FieldKey(.habit, "h9", "order"), value: .text("first"),
      stamp: Stamp(wall: noon, counter: 1, device: "x"))
    #expect(throws: SyncError.invalidChange(id: "x.2", reason: "\"order\" must be an integer.")) {
      try phone.receive([good, bad], wall: noon)
    }
    #expect(phone.records.isEmpty)
    let ahead = Change(
      id: "x.3", field: FieldKey(.habit, "h9", "title"), value: .text("Walk"),
      stamp: Stamp(wall: noon + 90_000_000, counter: 0, device: "x"))
    #expect(throws: SyncError.stampTooFarAhead(ahead.stamp.text)) {
      try phone.receive([good, ahead], wall: noon)
    }
    #expect(phone.records.isEmpty)
  }

  @Test func invalidChangesAreDescribedForPeople() {
    func problem(_ entity: Entity, _ key: String, _ field: String, _ value: FieldValue) -> String? {
      ChangeValidation.problem(
        Change(
          id: "a.1", field: FieldKey(entity, key, field), value: value,
          stamp: Stamp(wall: noon, counter: 0, device: "a")), wall: noon)?.message
    }
    #expect(problem(.habit, "h1", "title", .text("")) == HabitError.emptyTitle.message)
    #expect(
      problem(.habit, "h1", "title", .text(String(repeating: "x", count: 39)))
        == HabitError.titleTooLong(length: 39).message)
    #expect(problem(.habit, "h 1", "title", .text("x")) != nil)
    #expect(
      problem(.habit, "h1", "colour", .text("#FFFFFF")) == "\"colour\" is not a field of a habit.")
    #expect(problem(.habit, "h1", "schedule", .text("weekdays:0")) == HabitError.noWeekdays.message)
    #expect(
      problem(.habit, "h1", "measure", .text("quantity:0:l"))
        == HabitError.quantityTargetNotPositive.message)
    #expect(problem(.habit, "h1", "goal", .text("days:0")) == HabitError.goalNotPositive.message)
    #expect(problem(.entry, "h1/2026-02-30", "value", .int(1000)) != nil)
    #expect(problem(.entry, "h1/2026-02-03", "add.phone", .int(-1000)) == nil)
    #expect(
      problem(.entry, "h1/2026-02-03", "value", .int(5_000_000_000))
        == HabitError.amountTooLarge.message)
    #expect(problem(.category, "c1", "name", .text(" ")) == HabitError.categoryNameEmpty.message)
    #expect(problem(.place, "p1", "latitude", .int(91_000_000)) != nil)
    #expect(problem(.setting, "theme", "value", .text("dark")) == nil)
  }

  @Test func syncMovesTheCursorAndClearsTheOutbox() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(makeHabit()), wall: noon, today: today)
    let request = phone.syncRequest(limit: 5)
    #expect(request.changes.count == 5)
    let refused = Refusal(changeID: request.changes[0].id, code: "invalid_change", message: "no")
    let reply = SyncResponse(
      accepted: 4, refused: [refused], changes: [], cursor: 12, hasMore: false)
    let refusals = try phone.complete(request, with: reply, wall: noon)
    #expect(refusals == [refused])
    #expect(phone.cursor == 12 && phone.outbox.count == 11)
  }

  @Test func aReopenedReplicaShowsTheSameState() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(makeHabit()), wall: noon, today: today)
    try phone.perform(.complete("h1", today), wall: noon, today: today)
    phone.set(setting: "firstWeekday", to: .int(7), wall: noon)
    let reopened = Replica(
      device: "phone", fields: phone.fieldChanges, outbox: phone.outbox, cursor: phone.cursor,
      clock: phone.clock.last, nextChangeNumber: phone.nextChangeNumber)
    #expect(reopened.tracker == phone.tracker)
    #expect(reopened.setting("firstWeekday") == .int(7))
    #expect(reopened.outbox == phone.outbox)
  }
}
