import Foundation
import HabitCore
import HabitStore
import HabitSync
import Testing

/// A replica saved change by change must read back as the one saved whole, and a save cut off
/// between its statements must leave the last save intact.
@Suite struct ReplicaStoreIncrementalSaveTests {
  private let today = Day(iso: "2026-11-22")!

  /// Three habits, a run of check-ins, a sync that acknowledges part of the outbox, more
  /// check-ins, then a sync that acknowledges all of it.
  private func steps() -> [(inout Replica) throws -> [Change]] {
    let today = self.today
    var steps: [(inout Replica) throws -> [Change]] = []
    steps.append { replica in
      var made: [Change] = []
      for id in ["h1", "h2", "h3"] {
        made += try replica.perform(
          .addHabit(
            Habit(id: HabitID(id), title: id, category: "health", startDay: today.advanced(by: -30))
          ),
          wall: baseWall, today: today)
      }
      return made
    }
    for offset in 0..<12 {
      steps.append { replica in
        try replica.perform(
          .complete(HabitID(["h1", "h2", "h3"][offset % 3]), today.advanced(by: -offset)),
          wall: baseWall + Int64(offset), today: today)
      }
    }
    steps.append { replica in
      try Self.acknowledge(5, of: &replica, cursor: 4)
      return []
    }
    steps.append { replica in
      try replica.perform(.complete("h2", today), wall: baseWall + 50, today: today)
    }
    steps.append { replica in
      try Self.acknowledge(replica.outbox.count, of: &replica, cursor: 11)
      return []
    }
    steps.append { replica in
      try replica.perform(
        .complete("h3", today.advanced(by: -1)), wall: baseWall + 60, today: today)
    }
    return steps
  }

  private static func acknowledge(_ count: Int, of replica: inout Replica, cursor: Int64) throws {
    let request = replica.syncRequest()
    try replica.complete(
      request,
      with: SyncResponse(
        accepted: min(count, request.changes.count), refused: [], changes: [], cursor: cursor,
        hasMore: false),
      wall: baseWall + 100)
  }

  private func expectSame(_ read: Replica, _ expected: Replica) {
    #expect(read.tracker == expected.tracker)
    #expect(read.outbox == expected.outbox)
    #expect(read.cursor == expected.cursor)
    #expect(read.clock.last == expected.clock.last)
    #expect(read.nextChangeNumber == expected.nextChangeNumber)
    #expect(read.device == expected.device)
  }

  @Test(arguments: TestDatabase.engines)
  func aReplicaSavedIncrementallyReadsBackAsOneSavedWhole(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let incremental = ReplicaStore(store: store, stream: "inc-" + UUID().uuidString)
      let whole = ReplicaStore(store: store, stream: "whole-" + UUID().uuidString)
      var replica = try await incremental.load(newDevice: "laptop")
      try await incremental.save(replica, changes: [])
      for step in steps() {
        let state = try #require(try await incremental.state())
        let stored = try await incremental.load(.everything, of: state, projection: nil)
        let made = try step(&replica)
        try await incremental.save(replica, changes: made, over: stored)
        try await whole.save(replica, changes: made)
        let readIncremental = try await incremental.load(newDevice: "other")
        let readWhole = try await whole.load(newDevice: "other")
        expectSame(readIncremental, replica)
        expectSame(readWhole, replica)
      }
    }
  }

  @Test func aSaveCutOffBetweenStatementsKeepsTheLastSave() async throws {
    try await TestDatabase.withStore(.sqlite) { store in
      let replicas = ReplicaStore(store: store, stream: "cut-" + UUID().uuidString)
      var replica = try await replicas.load(newDevice: "laptop")
      var steps = steps()
      let first = steps.removeFirst()
      try await replicas.save(replica, changes: try first(&replica))
      let state = try #require(try await replicas.state())
      let loaded = try await replicas.load(.everything, of: state, projection: nil)
      let saved = loaded.replica
      try await store.engine.read { database in
        try await database.raw(
          "CREATE TRIGGER cut BEFORE INSERT ON replica_state BEGIN SELECT RAISE(ABORT, 'cut'); END"
        ).run()
      }
      var edited = saved
      try Self.acknowledge(1, of: &edited, cursor: 3)
      let made = try edited.perform(.complete("h1", today), wall: baseWall + 5, today: today)
      await #expect(throws: (any Error).self) {
        try await replicas.save(edited, changes: made, over: loaded)
      }
      expectSame(try await replicas.load(newDevice: "other"), saved)
    }
  }
}
