import Foundation
import HabitCore
import HabitStore
import HabitSync
import HabitTestSupport
import Testing

@Suite struct StoreConformanceTests {
  @Test(arguments: TestDatabase.engines)
  func migrationsRunInOrderAndOnlyOnce(flavor: SQLFlavor) async throws {
    try await TestDatabase.withEmptyDatabase(flavor) { location in
      try await withStore(location) { store throws in
        #expect(try await Migrations.version(of: store.engine) == Migrations.latest)
      }
      try await withStore(location) { again throws in
        #expect(try await Migrations.version(of: again.engine) == Migrations.latest)
      }
    }
  }

  @Test(arguments: TestDatabase.engines)
  func eachMigrationStepLeavesAWorkingSchema(flavor: SQLFlavor) async throws {
    try await TestDatabase.withEmptyDatabase(flavor) { location in
      let engine: any SQLEngine =
        flavor == .sqlite
        ? try await SQLiteEngine.open(path: location) : try PostgresEngine.open(url: location)
      try await closing(engine, close: { try await $0.close() }) { engine in
        for step in Migrations.steps {
          try await Migrations.migrate(engine, to: step.version)
          #expect(try await Migrations.version(of: engine) == step.version)
          try await engine.read { database in
            switch step.version {
            case 1:
              try await database.raw(
                "INSERT INTO accounts (id, email, password_hash, created_at) VALUES ('a', 'a@example.com', 'x', 0)"
              ).run()
              try await database.raw(
                "INSERT INTO sessions (token_hash, account_id, kind, name, created_at) VALUES ('t', 'a', 'session', 'web', 0)"
              ).run()
              try await database.raw(
                "INSERT INTO devices (account_id, device_id, last_seen_at) VALUES ('a', 'phone', 0)"
              ).run()
            case 2:
              try await database.raw("INSERT INTO streams (stream_id, sequence) VALUES ('a', 1)")
                .run()
              try await database.raw(
                "INSERT INTO fields (stream_id, entity, record_key, field, value, stamp, change_id, rank, sequence) VALUES ('a', 'habit', 'h1', 'title', '\"x\"', 's', 'c', 's', 1)"
              ).run()
            case 3:
              try await database.raw(
                "INSERT INTO outbox (stream_id, position, change_id, entity, record_key, field, value, stamp) VALUES ('r', 1, 'c', 'habit', 'h1', 'title', '\"x\"', 's')"
              ).run()
              try await database.raw(
                "INSERT INTO replica_state (stream_id, name, value) VALUES ('r', 'cursor', '0')"
              ).run()
            case 4:
              for statement in [
                "INSERT INTO server_keys (name, value) VALUES ('k', 'v')",
                "INSERT INTO push_subscriptions (id, account_id, endpoint, p256dh, auth, name, time_zone, created_at) VALUES ('s', 'a', 'https://push.example/1', 'p', 'q', 'Phone', 'UTC', 0)",
                "INSERT INTO calendar_feeds (account_id, secret_hash, created_at) VALUES ('a', 'h', 0)",
                "INSERT INTO reminder_sends (send_key, account_id, sent_at) VALUES ('a/h1', 'a', 0)",
                "INSERT INTO reminder_actions (secret_hash, account_id, habit_id, day, expires_at) VALUES ('x', 'a', 'h1', '2026-11-23', 1)",
                "INSERT INTO reminder_snoozes (id, account_id, habit_id, day, due_at) VALUES ('z', 'a', 'h1', '2026-11-23', 1)",
              ] {
                try await database.raw("\(unsafeRaw: statement)").run()
              }
            case 5:
              try await database.raw(
                "INSERT INTO outbox (stream_id, position, change_id, entity, record_key, field, value, stamp) VALUES ('r', 2, 'd', 'entry', 'h1/2026-11-23', 'value', '1000', 's')"
              ).run()
              let rows = try await database.raw(
                "SELECT change_id FROM outbox WHERE stream_id = 'r' AND entity = 'entry' AND record_key = 'h1/2026-11-23'"
              ).all()
              #expect(try rows.map { try $0.decode(column: "change_id", as: String.self) } == ["d"])
            default:
              try await database.raw(
                "INSERT INTO ended_sessions (token_hash, reason, ended_at) VALUES ('t', 'account_deleted', 0)"
              ).run()
            }
          }
        }
      }
    }
  }

  @Test(arguments: TestDatabase.engines)
  func aBatchIsAppliedOnceAndTheSameChangeAgainIsANoOp(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let account = TestDatabase.newAccount()
      let batch = [change("p.1"), change("p.2", .habit, "h1", "order", .int(3), counter: 1)]
      let first = try await store.apply(batch, account: account)
      #expect(first.applied == 2 && first.sequence == 2)
      let again = try await store.apply(batch, account: account)
      #expect(again.applied == 0 && again.sequence == 2)
      let older = try await store.apply(
        [change("p.0", .habit, "h1", "title", .text("Old"), wall: baseWall - 1)], account: account)
      #expect(older.applied == 0)
      let state = try await store.state(account: account)
      #expect(state == batch.sorted { $0.field < $1.field })
    }
  }

  @Test(arguments: TestDatabase.engines)
  func aLaterChangeWinsAndATombstoneCannotBeUndoneByALateEdit(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let account = TestDatabase.newAccount()
      _ = try await store.apply([change("p.1")], account: account)
      _ = try await store.apply(
        [
          change(
            "l.1", .habit, "h1", "title", .text("Read more"), wall: baseWall + 5, device: "laptop")
        ], account: account)
      _ = try await store.apply(
        [change("p.2", .habit, "h1", "deleted", .bool(true), wall: baseWall + 1)], account: account)
      _ = try await store.apply(
        [
          change("l.2", .habit, "h1", "deleted", .bool(false), wall: baseWall + 9, device: "laptop")
        ],
        account: account)
      let state = try await store.state(account: account)
      #expect(state.first { $0.field.field == "title" }?.value == .text("Read more"))
      #expect(state.first { $0.field.field == "deleted" }?.value == .bool(true))
    }
  }

  @Test(arguments: TestDatabase.engines)
  func aBatchWithDuplicatesKeepsTheHighestRank(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let account = TestDatabase.newAccount()
      let result = try await store.apply(
        [
          change("p.2", .habit, "h1", "title", .text("B"), wall: baseWall + 2),
          change("p.1", .habit, "h1", "title", .text("A")),
          change("p.2", .habit, "h1", "title", .text("B"), wall: baseWall + 2),
        ],
        account: account)
      #expect(result.applied == 1)
      #expect(try await store.state(account: account).map(\.value) == [.text("B")])
    }
  }

  @Test(arguments: TestDatabase.engines)
  func aGroupCommitAppliesEveryAccountsBatchesAndDeviceVisitsAndReportsEachBatchOnItsOwn(
    flavor: SQLFlavor
  )
    async throws
  {
    try await TestDatabase.withStore(flavor) { store in
      let (first, second) = (TestDatabase.newAccount(), TestDatabase.newAccount())
      for account in [first, second] {
        try await store.createAccount(
          AccountRecord(
            id: account, email: "\(account)@example.com", passwordHash: "h", createdAt: 1)
        )
      }
      _ = try await store.apply(
        [change("o.1", .habit, "h9", "title", .text("Old"))], account: first)
      let results = try await store.apply(
        groups: [
          (first, [change("p.1"), change("p.2", .habit, "h1", "order", .int(3), counter: 1)]),
          (second, [change("q.1", .habit, "h1", "title", .text("Theirs"))]),
          (first, [change("p.3", .habit, "h1", "title", .text("Later"), wall: baseWall + 1)]),
          (first, [change("o.1", .habit, "h9", "title", .text("Old"))]),
        ],
        visits: [
          DeviceVisit(account: first, device: "phone", at: 9),
          DeviceVisit(account: second, device: "laptop", at: 7),
          DeviceVisit(account: first, device: "phone", at: 5),
          // Deleted while its call waited: skipped, and the rest of the commit still lands.
          DeviceVisit(account: TestDatabase.newAccount(), device: "gone", at: 1),
        ])
      // The first batch's title lost to the third batch's later one in the same commit.
      #expect(results.map(\.applied) == [1, 1, 1, 0])
      #expect(results.map(\.received) == [2, 1, 1, 1])
      #expect(results.map(\.sequence) == [3, 1, 3, 3])
      let firstState = try await store.state(account: first)
      #expect(firstState.map(\.value) == [.int(3), .text("Later"), .text("Old")])
      #expect(try await store.state(account: second).map(\.value) == [.text("Theirs")])
      // The same device twice in one commit keeps its latest visit.
      #expect(
        try await store.devices(account: first).map { "\($0.device)@\($0.lastSeenAt)" } == [
          "phone@9"
        ]
      )
      #expect(try await store.devices(account: second).map(\.device) == ["laptop"])
      let page = try await store.rows(after: 1, limit: 10, account: first)
      #expect(page.changes.map(\.id).sorted() == ["p.2", "p.3"] && page.cursor == 3)
    }
  }

  @Test(arguments: TestDatabase.engines)
  func rowsAfterACursorComeInPagesInSequenceOrder(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let account = TestDatabase.newAccount()
      let changes = (0..<25).map {
        change(
          "p.\($0)", .entry, "h1/2026-01-\(String(format: "%02d", $0 + 1))", "value", .int(1000),
          counter: $0)
      }
      _ = try await store.apply(changes, account: account)
      var cursor: Int64 = 0
      var seen: [Change] = []
      var pages = 0
      while true {
        let page = try await store.rows(after: cursor, limit: 10, account: account)
        seen += page.changes
        cursor = page.cursor
        pages += 1
        if !page.hasMore { break }
      }
      #expect(pages == 3 && seen.count == 25 && cursor == 25)
      #expect(Set(seen) == Set(changes))
      let empty = try await store.rows(after: cursor, limit: 10, account: account)
      #expect(empty.changes.isEmpty && empty.cursor == cursor && !empty.hasMore)
      _ = try await store.apply(
        [change("p.99", .entry, "h1/2026-01-01", "value", .int(0), wall: baseWall + 1)],
        account: account)
      let next = try await store.rows(after: cursor, limit: 10, account: account)
      #expect(next.changes.map(\.id) == ["p.99"] && next.cursor == 26)
    }
  }

  @Test(arguments: TestDatabase.engines)
  func accountsNeverSeeEachOthersRows(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let alice = TestDatabase.newAccount()
      let bob = TestDatabase.newAccount()
      _ = try await store.apply(
        [change("a.1", .habit, "h1", "title", .text("Alice's habit"))], account: alice)
      _ = try await store.apply(
        [change("b.1", .habit, "h1", "title", .text("Bob's habit"))], account: bob)
      #expect(try await store.state(account: bob).map(\.value) == [.text("Bob's habit")])
      #expect(try await store.rows(after: 0, limit: 100, account: bob).changes.map(\.id) == ["b.1"])
      #expect(try await store.sequence(account: bob) == 1)
    }
  }

  @Test(arguments: TestDatabase.engines)
  func manyConcurrentBatchesForOneAccountLoseNothing(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let account = TestDatabase.newAccount()
      // More writers than PostgreSQL's pool has connections, but a queue for the account's row
      // lock that a loaded 2-core machine drains within the engine's 30 s deadline.
      let writers = 30
      let perWriter = 20
      try await withThrowingTaskGroup(of: Void.self) { group in
        for writer in 0..<writers {
          group.addTask {
            for batch in 0..<2 {
              let changes = (0..<perWriter / 2).map { index in
                change(
                  "w\(writer).\(batch).\(index)", .entry,
                  "h\(writer)/2026-01-\(String(format: "%02d", batch * 10 + index + 1))", "value",
                  .int(1000), counter: index, device: "w\(writer)")
              }
              _ = try await store.apply(changes, account: account)
            }
          }
        }
        try await group.waitForAll()
      }
      let state = try await store.state(account: account)
      #expect(state.count == writers * perWriter)
      var cursor: Int64 = 0
      var sequences: [Int64] = []
      while true {
        let page = try await store.rows(after: cursor, limit: 500, account: account)
        if page.changes.isEmpty { break }
        sequences.append(cursor)
        cursor = page.cursor
      }
      #expect(cursor == Int64(writers * perWriter))
      #expect(try await store.sequence(account: account) == Int64(writers * perWriter))
    }
  }

  @Test(arguments: TestDatabase.engines)
  func deletingAnAccountRemovesEverythingItOwns(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let account = TestDatabase.newAccount()
      let other = TestDatabase.newAccount()
      try await store.createAccount(
        AccountRecord(id: account, email: "\(account)@example.com", passwordHash: "h", createdAt: 1)
      )
      try await store.createAccount(
        AccountRecord(id: other, email: "\(other)@example.com", passwordHash: "h", createdAt: 1))
      try await store.createSession(
        SessionRecord(
          tokenHash: "t-\(account)", accountID: account, kind: .session, name: "web", createdAt: 1,
          expiresAt: 100))
      try await store.touchDevice("phone", account: account, at: 5)
      _ = try await store.apply([change("p.1")], account: account)
      _ = try await store.apply([change("o.1")], account: other)
      try await store.deleteAccount(account)
      #expect(try await store.account(id: account) == nil)
      #expect(try await store.session(tokenHash: "t-\(account)") == nil)
      #expect(try await store.state(account: account).isEmpty)
      #expect(try await store.devices(account: account).isEmpty)
      #expect(try await store.sequence(account: account) == 0)
      #expect(try await store.state(account: other).count == 1)
    }
  }

  @Test(arguments: TestDatabase.engines)
  func accountsAndSessionsAreScopedAndEmailsUnique(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let alice = TestDatabase.newAccount()
      let bob = TestDatabase.newAccount()
      try await store.createAccount(
        AccountRecord(id: alice, email: "\(alice)@example.com", passwordHash: "h1", createdAt: 1))
      await #expect(throws: StoreError.emailTaken) {
        try await store.createAccount(
          AccountRecord(id: bob, email: "\(alice)@example.com", passwordHash: "h2", createdAt: 1))
      }
      try await store.createAccount(
        AccountRecord(id: bob, email: "\(bob)@example.com", passwordHash: "h2", createdAt: 1))
      #expect(try await store.account(email: "\(alice)@example.com")?.id == alice)
      try await store.createSession(
        SessionRecord(
          tokenHash: "s-\(alice)", accountID: alice, kind: .session, name: "web", createdAt: 1,
          expiresAt: 10))
      try await store.createSession(
        SessionRecord(
          tokenHash: "k-\(alice)", accountID: alice, kind: .apiToken, name: "cli", createdAt: 2,
          expiresAt: nil))
      #expect(try await store.deleteSession(tokenHash: "k-\(alice)", account: bob) == false)
      #expect(try await store.sessions(account: alice, kind: .apiToken).map(\.name) == ["cli"])
      try await store.setPasswordHash("h3", account: alice)
      #expect(try await store.account(id: alice)?.passwordHash == "h3")
      try await store.deleteSessions(account: alice, kind: .session)
      #expect(try await store.session(tokenHash: "s-\(alice)") == nil)
      #expect(try await store.session(tokenHash: "k-\(alice)")?.expiresAt == nil)
      #expect(try await store.deleteSession(tokenHash: "k-\(alice)", account: alice))
    }
  }

  @Test(arguments: TestDatabase.engines)
  func aReplicaIsSavedAndReopenedWithItsOutboxAndCursor(flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let replicas = ReplicaStore(store: store, stream: "replica-" + UUID().uuidString)
      var replica = try await replicas.load(newDevice: "laptop")
      let today = Day(iso: "2026-11-22")!
      var made = try replica.perform(
        .addHabit(Habit(id: "h1", title: "Stretch", category: "health", startDay: today)),
        wall: baseWall, today: today)
      made += try replica.perform(.complete("h1", today), wall: baseWall, today: today)
      try await replicas.save(replica, changes: made)
      let reopened = try await replicas.load(newDevice: "other")
      #expect(reopened.device == "laptop")
      #expect(reopened.tracker == replica.tracker)
      #expect(reopened.outbox == replica.outbox)
      let request = reopened.syncRequest()
      var synced = reopened
      try synced.complete(
        request,
        with: SyncResponse(
          accepted: request.changes.count, refused: [], changes: [], cursor: 9, hasMore: false),
        wall: baseWall)
      try await replicas.save(synced, changes: [])
      let afterSync = try await replicas.load(newDevice: "other")
      #expect(afterSync.outbox.isEmpty && afterSync.cursor == 9)
      #expect(afterSync.nextChangeNumber == replica.nextChangeNumber)
    }
  }
}
