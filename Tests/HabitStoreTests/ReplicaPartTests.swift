import Foundation
import HabitCore
import HabitStore
import HabitSync
import Testing

/// An edit made on the part of a stored replica it reaches must save exactly what the same edit
/// on the whole replica saves: the same fields, the same outbox in the same order, the same
/// clock and change counter.
@Suite struct ReplicaPartTests {
  private let today = Day(iso: "2026-11-22")!

  /// Habits whose ids are prefixes of one another (`h1`, `h10`, `h1-a`), so a part read by key
  /// range must not take a neighbour's entries; each with a month of days, a setting, and part
  /// of the outbox acknowledged.
  private func history() throws -> Replica {
    var replica = Replica(device: "laptop")
    for (index, id) in ["h1", "h10", "h1-a"].enumerated() {
      try replica.perform(
        .addHabit(
          Habit(
            id: HabitID(id), title: "Habit \(index)", category: "health",
            measure: index == 1 ? .count(step: 1, target: 3) : .done,
            startDay: today.advanced(by: -30))),
        wall: baseWall, today: today)
      for offset in stride(from: 0, to: 30, by: index + 1) {
        try replica.perform(
          index == 1
            ? .addCount(HabitID(id), today.advanced(by: -offset), times: 2)
            : .complete(HabitID(id), today.advanced(by: -offset)),
          wall: baseWall + Int64(offset), today: today)
      }
    }
    replica.set(setting: "firstWeekday", to: .int(7), wall: baseWall + 40)
    let request = replica.syncRequest(limit: 20)
    try replica.complete(
      request,
      with: SyncResponse(
        accepted: request.changes.count, refused: [], changes: [], cursor: 20, hasMore: false),
      wall: baseWall + 50)
    return replica
  }

  /// Edits within one habit, and a sync that pulls another device's days and acknowledges
  /// part of the outbox.
  private func edits(of replica: Replica) -> [(
    scope: ReplicaScope, edit: (inout Replica) throws -> [Change]
  )] {
    let today = self.today
    var edits: [(scope: ReplicaScope, edit: (inout Replica) throws -> [Change])] = []
    let actions: [Action] = [
      .complete("h1", today), .uncomplete("h1", today.advanced(by: -2)),
      .addCount("h10", today, times: -1), .setNote("h1-a", today, "rain"),
      .skip("h1", today.advanced(by: -1), true), .moveStart("h10", today.advanced(by: -10)),
      .setPinned("h1-a", true), .deleteHabit("h1"),
      .addHabit(Habit(id: "h2", title: "New", category: "work", startDay: today)),
    ]
    for action in actions {
      edits.append(
        (
          .habits(action.habitsReached ?? []),
          { try $0.perform(action, wall: baseWall + 1_000, today: today) }
        ))
    }
    let pulled = (0..<5).map { offset in
      Change(
        id: "phone.\(offset)",
        field: FieldKey(
          .entry, RecordFields.entryKey("h10", today.advanced(by: -offset)), "add.phone"),
        value: .int(3000), stamp: Stamp(wall: baseWall + 2_000, counter: offset, device: "phone"))
    }
    edits.append(
      (
        .habits(Replica.habitsReached(by: pulled) ?? [], wholeOutbox: true),
        { replica in
          let request = replica.syncRequest(limit: 7)
          try replica.complete(
            request,
            with: SyncResponse(
              accepted: request.changes.count, refused: [], changes: pulled, cursor: 40,
              hasMore: false),
            wall: baseWall + 3_000)
          return pulled
        }
      ))
    return edits
  }

  @Test(arguments: TestDatabase.engines)
  func anEditOnThePartItReachesSavesWhatTheWholeReplicaWould(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let base = try history()
      for (index, (scope, edit)) in edits(of: base).enumerated() {
        let replicas = ReplicaStore(store: store, stream: "part-\(index)-" + UUID().uuidString)
        try await replicas.save(base, changes: base.fieldChanges)
        let state = try #require(try await replicas.state())
        let loaded = try await replicas.load(scope, of: state, projection: base.tracker)
        let reached = scope.habits ?? []
        for record in loaded.replica.records.keys {
          let habit =
            record.entity == .entry
            ? RecordFields.entryKeyParts(record.key)?.0 : HabitID(record.key)
          #expect(record.entity == .setting || reached.contains(habit ?? ""), "\(record)")
        }
        var whole = base
        var part = loaded.replica
        let made = try edit(&whole)
        #expect(try edit(&part) == made)
        #expect(part.tracker == whole.tracker)
        try await replicas.save(part, changes: made, over: loaded)
        let saved = try await replicas.load(newDevice: "other")
        #expect(saved.outbox == whole.outbox)
        #expect(saved.records == whole.records)
        #expect(saved.tracker == whole.tracker)
        #expect(saved.clock.last == whole.clock.last)
        #expect(saved.cursor == whole.cursor)
        #expect(saved.nextChangeNumber == whole.nextChangeNumber)
        #expect(try await replicas.state()?.pending == whole.outbox.count)
      }
    }
  }

  @Test func aSaveOverAPartRemovesTheStoredRowsThatLeftTheOutboxInRuns() {
    let outbox = ["b", "e", "x", "y"].map { change($0) }
    let edit = OutboxEdit(from: ["a": 1, "b": 2, "c": 3, "d": 5, "e": 6, "f": 7], to: outbox)
    #expect(edit.removed == [1...1, 3...3, 5...5, 7...7])
    #expect(edit.removedCount == 4)
    #expect(edit.appended.map(\.id) == ["x", "y"])
    let acknowledged = OutboxEdit(from: ["a": 4, "b": 5, "c": 6, "d": 9], to: [change("d")])
    #expect(acknowledged.removed == [4...6])
    #expect(acknowledged.appended.isEmpty)
  }

  @Test func aScopeCoversTheHabitsItReadsAndEverythingCoversAll() {
    let one = ReplicaScope.habits(["h1"])
    #expect(ReplicaScope.everything.covers(one))
    #expect(!one.covers(.everything))
    #expect(ReplicaScope.habits(["h1", "h2"]).covers(one))
    #expect(!one.covers(.habits(["h1"], wholeOutbox: true)))
    #expect(one.union(.outbox) == .habits(["h1"], wholeOutbox: true))
    #expect(one.union(.everything) == .everything)
  }
}
