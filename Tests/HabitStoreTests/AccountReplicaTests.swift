import HabitCore
import HabitStore
import HabitSync
import Testing

@Suite struct AccountReplicaTests {
  /// Two devices' edits to one account, with values that need escaping as stored text.
  private static func history() throws -> [Change] {
    let today = Day(iso: "2026-11-22")!
    var phone = Replica(device: "phone")
    var laptop = Replica(device: "laptop-with-a-long-device-name")
    var changes: [Change] = []
    changes += try phone.perform(
      .addCategory("garden", "Garden \"& Co\""), wall: baseWall, today: today)
    for (index, id) in ["read", "walk", "water", "gone"].enumerated() {
      changes += try phone.perform(
        .addHabit(
          Habit(
            id: HabitID(id), title: "Habit \(index) — ünïcode", description: "line\nbreak\t\\",
            category: index == 2 ? "garden" : "health",
            measure: index == 1 ? .count(step: 1, target: 3) : .done,
            startDay: today.advanced(by: -30))),
        wall: baseWall + Int64(index), today: today)
    }
    try laptop.receive(changes, wall: baseWall + 10)
    for offset in 0..<30 {
      let day = today.advanced(by: -offset)
      changes += try phone.perform(.complete("read", day), wall: baseWall + 100, today: today)
      changes += try laptop.perform(
        .addCount("walk", day, times: offset % 4), wall: baseWall + 200, today: today)
      if offset % 7 == 0 {
        changes += try laptop.perform(
          .setNote("read", day, "said \"hi\" 🙂"), wall: baseWall + 300, today: today)
        changes += try phone.perform(.skip("water", day, true), wall: baseWall + 300, today: today)
      }
    }
    changes += try laptop.perform(.deleteHabit("gone"), wall: baseWall + 400, today: today)
    changes += try phone.perform(
      .moveStart("read", today.advanced(by: -10)), wall: baseWall + 500, today: today)
    changes += phone.set(setting: "firstWeekday", to: .int(1), wall: baseWall + 600)
    changes += laptop.set(setting: "theme", to: .null, wall: baseWall + 700)
    changes += laptop.set(setting: "sounds", to: .bool(false), wall: baseWall + 800)
    return changes
  }

  @Test(arguments: TestDatabase.engines)
  func anAccountLoadedInOneReadIsTheReplicaMergingItsRowsBuilds(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let account = TestDatabase.newAccount()
      let changes = try Self.history()
      for start in stride(from: 0, to: changes.count, by: 37) {
        _ = try await store.apply(
          Array(changes[start..<min(changes.count, start + 37)]), account: account)
      }
      var merged = Replica(device: "server-a")
      var cursor: Int64 = 0
      while true {
        let page = try await store.rows(after: cursor, limit: 25, account: account)
        try merged.pull(page.changes, cursor: page.cursor, wall: baseWall + 1_000)
        cursor = page.cursor
        if !page.hasMore { break }
      }
      let loaded = try await store.replica(account: account, device: "server-a")
      #expect(!loaded.tracker.habits.isEmpty)
      #expect(loaded.tracker == merged.tracker)
      #expect(loaded.records == merged.records)
      #expect(loaded.clock == merged.clock)
      let sequence = try await store.sequence(account: account)
      #expect(loaded.cursor == merged.cursor && loaded.cursor == sequence)
    }
  }

  @Test(arguments: TestDatabase.engines)
  func anAccountWithNoRowsLoadsEmpty(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let loaded = try await store.replica(account: TestDatabase.newAccount(), device: "server-a")
      #expect(loaded.records.isEmpty && loaded.cursor == 0)
    }
  }

  @Test(arguments: TestDatabase.engines)
  func aCorruptStoredRowIsReportedNotLoaded(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let account = TestDatabase.newAccount()
      _ = try await store.apply([change("p.1")], account: account)
      try await store.engine.read { database in
        try await database.raw(
          "UPDATE fields SET stamp = \(bind: "not-a-stamp") WHERE stream_id = \(bind: account)"
        ).run()
      }
      await #expect(throws: StoreError.corruptRow("stamp not-a-stamp")) {
        try await store.replica(account: account, device: "server-a")
      }
    }
  }
}
