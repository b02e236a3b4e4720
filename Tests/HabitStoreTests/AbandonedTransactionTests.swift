import HabitStore
import HabitSync
import HabitTestSupport
import SQLKit
import Testing

/// A caller that stops waiting (a request's deadline) must never leave the connection inside a
/// transaction, and a large batch lands whole or not at all.
@Suite struct AbandonedTransactionTests {
  @Test(arguments: TestDatabase.engines)
  func aTransactionWhoseCallerIsCancelledStillEndsSoLaterWritesWork(_ flavor: SQLFlavor)
    async throws
  {
    try await TestDatabase.withStore(flavor) { store in
      let account = TestDatabase.newAccount()
      let slow = Task {
        try await store.engine.transaction { database in
          try await Task.sleep(for: .milliseconds(400))
          try await database.raw(
            "INSERT INTO streams (stream_id, sequence) VALUES (\(bind: account), 7)"
          ).run()
        }
      }
      try await Task.sleep(for: .milliseconds(100))
      slow.cancel()
      _ = try? await slow.value
      let later = try await store.apply([change("c1")], account: account)
      #expect(later.applied == 1)
      #expect(try await store.state(account: account).map(\.id) == ["c1"])
    }
  }

  @Test(arguments: TestDatabase.engines)
  func aBatchWhoseCallerGaveUpBeforeItsCommitIsRolledBack(_ flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let account = TestDatabase.newAccount()
      let ticket = CommitTicket()
      #expect(ticket.abandon())
      await #expect(throws: CommitTicket.Abandoned.self) {
        try await store.apply(groups: [(account, [change("c1")])], ticket: ticket)
      }
      #expect(try await store.state(account: account).isEmpty)
      let later = try await store.apply([change("c2")], account: account)
      #expect(later.applied == 1)
    }
  }

  @Test(arguments: TestDatabase.engines)
  func aLargeBatchLandsWholeInSequenceAndKeepsNewerStoredFields(_ flavor: SQLFlavor)
    async throws
  {
    try await TestDatabase.withStore(flavor) { store in
      let account = try await StagedImportTests.newAccount(store)
      // A newer title is stored first: the batch's older one for the same field must lose.
      _ = try await store.apply([change("newer", wall: baseWall + 10)], account: account)
      let batch =
        [change("older", wall: baseWall)]
        + (0..<9_999).map { change("e\($0)", .entry, "h1:\($0)", "value", .text("1")) }
      let result = try await store.applyLarge(batch, account: account, within: .seconds(60))
      #expect(result.received == 10_000)
      #expect(result.applied == 9_999)
      #expect(result.sequence >= 10_000)
      #expect(result.sequence == (try await store.sequence(account: account)))
      var cursor: Int64 = 0
      var seen: [Change] = []
      while true {
        let page = try await store.rows(after: cursor, limit: 3_000, account: account)
        seen += page.changes
        cursor = page.cursor
        if !page.hasMore { break }
      }
      #expect(seen.count == 10_000)
      #expect(Set(seen.map(\.id)).contains("newer"))
      #expect(!Set(seen.map(\.id)).contains("older"))
      #expect(try await Self.stagedRows(store) == 0)
    }
  }

  @Test(arguments: TestDatabase.engines)
  func aLargeBatchWhoseCallerGaveUpLeavesNothingBehind(_ flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let account = try await StagedImportTests.newAccount(store)
      let batch = (0..<9_000).map { change("e\($0)", .entry, "h1:\($0)", "value", .text("1")) }
      let ticket = CommitTicket()
      let attempt = Task {
        try await store.applyLarge(batch, account: account, within: .seconds(60), ticket: ticket)
      }
      // Given up while the batch is being written (or before): nothing of it is kept.
      try await Task.sleep(for: .milliseconds(5))
      if ticket.abandon() {
        await #expect(throws: CommitTicket.Abandoned.self) { _ = try await attempt.value }
        #expect(try await store.state(account: account).isEmpty)
      } else {
        #expect(try await attempt.value.applied == 9_000)
      }
      #expect(try await Self.stagedRows(store) == 0)
    }
  }

  @Test func stagedRowsACrashLeftBehindAreRemovedWhenTheStoreOpens() async throws {
    let path = TestDatabase.temporaryPath()
    try await HabitTestSupport.withStore(path) { store in
      try await store.engine.transaction { database in
        try await database.raw(
          "INSERT INTO fields (stream_id, entity, record_key, field, value, stamp, change_id, rank, sequence) VALUES ('~staged:dead', 'entry', 'k', 'value', 'x', 's', 'c', 'r', 1)"
        ).run()
      }
    }
    let staged = try await HabitTestSupport.withStore(path) { try await Self.stagedRows($0) }
    #expect(staged == 0)
  }

  @Test func aLargeBatchCompleteWhenTheServerStoppedIsFinishedWhenTheStoreOpens() async throws {
    let path = TestDatabase.temporaryPath()
    let account = TestDatabase.newAccount()
    try await HabitTestSupport.withStore(path) { store in
      let staging = "~staged:cafe:" + account
      let staged = [change("c1", .entry, "k1", "value"), change("c2", .entry, "k2", "value")]
      try await store.engine.transaction { database in
        for (number, change) in staged.enumerated() {
          try await database.raw(
            "INSERT INTO fields (stream_id, entity, record_key, field, value, stamp, change_id, rank, sequence) VALUES (\(bind: staging), 'entry', \(bind: change.key), 'value', \(bind: change.value.storageText), \(bind: change.stamp.text), \(bind: change.id), \(bind: change.rank), \(bind: number + 1))"
          ).run()
        }
        try await database.raw(
          "INSERT INTO streams (stream_id, sequence) VALUES (\(bind: staging), 0)"
        ).run()
      }
    }
    let (rows, staged) = try await HabitTestSupport.withStore(path) { store in
      (
        try await store.rows(after: 0, limit: 10, account: account),
        try await Self.stagedRows(store)
      )
    }
    #expect(rows.changes.map(\.id) == ["c1", "c2"])
    #expect(rows.cursor == 2)
    #expect(staged == 0)
  }

  /// Rows in staging streams, of any import.
  static func stagedRows(_ store: HabitStore) async throws -> Int {
    try await store.engine.read { database in
      try await database.raw(
        "SELECT COUNT(*) AS staged FROM fields WHERE stream_id LIKE '~staged:%'"
      ).first()?.decode(column: "staged", as: Int.self) ?? 0
    }
  }
}
