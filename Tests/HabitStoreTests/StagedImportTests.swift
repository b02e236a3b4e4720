import HabitSync
import HabitTestSupport
import SQLKit
import Synchronization
import Testing

@testable import HabitStore

/// A large import on SQLite is staged, then moved into the account in short transactions: the
/// count it answers is what was stored, whatever failed and was retried on the way, and deleting
/// the account while it runs leaves nothing of the account behind.
@Suite struct StagedImportTests {
  /// Two and a half transactions' worth of entries: three staging transactions (the third is the
  /// commit point), then three moves and the one that finds nothing left.
  static let size = StagedBatch.changesPerTransaction * 5 / 2
  static let stagingTransactions = 3

  enum Failure: Sendable, CaseIterable {
    /// The transaction fails before it does anything.
    case beforeItRuns
    /// The transaction commits, but its caller is told it failed.
    case afterItCommits
  }

  @Test(arguments: Failure.allCases, [1, 2, 4])
  func anImportWhoseMoveIsRetriedAnswersEveryRowItStored(failure: Failure, move: Int)
    async throws
  {
    let engine = try await ScriptedEngine.open()
    try await withStore(HabitStore(engine: engine)) { store in
      let account = try await Self.newAccount(store)
      engine.failOnce(transaction: Self.stagingTransactions + move, failure)
      let result = try await store.applyLarge(
        Self.batch(), account: account, within: .seconds(120))
      #expect(engine.failed)
      let stored = try await store.state(account: account).count
      #expect(stored == Self.size)
      #expect(result.applied == stored)
      #expect(result.sequence == (try await store.sequence(account: account)))
      #expect(try await Self.stagedRows(store) == 0)
    }
  }

  /// Deletion runs just before the import's transaction number `turn`: while it is staged, at its
  /// commit point, while it is moved, after the last move, or after it finished.
  @Test(arguments: 1...8)
  func anAccountDeletedWhileItsImportIsStagedOrMovedKeepsNoRow(turn: Int) async throws {
    let engine = try await ScriptedEngine.open()
    try await withStore(HabitStore(engine: engine)) { store in
      let account = try await Self.newAccount(store)
      engine.before(transaction: turn) { try await store.deleteAccount(account) }
      do {
        _ = try await store.applyLarge(Self.batch(), account: account, within: .seconds(120))
      } catch StoreError.accountGone {
        // Deleted before the commit point: the import is refused.
      }
      if turn > 7 { try await store.deleteAccount(account) }
      #expect(try await store.account(id: account) == nil)
      #expect(try await store.state(account: account).isEmpty)
      #expect(try await Self.stagedRows(store) == 0)
      #expect(try await Self.streams(store, like: "%" + account) == 0)
    }
  }

  @Test(arguments: TestDatabase.engines, [10, StagedImportTests.size])
  func anImportForAnAccountAlreadyDeletedIsRefusedAndStoresNothing(
    _ flavor: SQLFlavor, changes: Int
  ) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let account = try await Self.newAccount(store)
      try await store.deleteAccount(account)
      await #expect(throws: StoreError.accountGone) {
        try await store.applyLarge(
          Array(Self.batch().prefix(changes)), account: account, within: .seconds(120))
      }
      #expect(try await store.state(account: account).isEmpty)
      #expect(try await Self.streams(store, like: "%" + account) == 0)
    }
  }

  /// PostgreSQL writes an import in one transaction beside others: an account deleted while it
  /// runs waits for it, then deletes its rows too.
  @Test(arguments: TestDatabase.engines)
  func anAccountDeletedWhileItsImportIsWrittenKeepsNoRow(_ flavor: SQLFlavor) async throws {
    try await TestDatabase.withStore(flavor) { store in
      let account = try await Self.newAccount(store)
      let (checked, done) = (Flag(), Flag())
      // An import's transaction (`applyLarge`'s), paused between its check and its rows.
      let importing = Task {
        try await store.engine.transaction { database in
          try await StagedBatch.requireAccount(account, in: database)
          checked.set()
          try await Task.sleep(for: .milliseconds(500))
          _ = try await FieldStore.apply(
            Array(Self.batch().prefix(100)), stream: account, in: database)
          done.set()
        }
      }
      while !checked.isSet { try await Task.sleep(for: .milliseconds(5)) }
      try await store.deleteAccount(account)
      // SQLite's one writer ran the import first; PostgreSQL's deletion waited for it.
      #expect(done.isSet)
      try await importing.value
      #expect(try await store.state(account: account).isEmpty)
      #expect(try await Self.streams(store, like: "%" + account) == 0)
    }
  }

  static func batch() -> [Change] {
    (0..<size).map { change("e\($0)", .entry, "h1:\($0)", "value", .text("1")) }
  }

  static func newAccount(_ store: HabitStore) async throws -> String {
    let id = TestDatabase.newAccount()
    try await store.createAccount(
      AccountRecord(id: id, email: id + "@example.org", passwordHash: "x", createdAt: 0))
    return id
  }

  static func stagedRows(_ store: HabitStore) async throws -> Int {
    try await AbandonedTransactionTests.stagedRows(store)
  }

  /// `streams` rows (sequences and staging markers) whose name is like `pattern`.
  static func streams(_ store: HabitStore, like pattern: String) async throws -> Int {
    try await store.engine.read { database in
      try await database.raw(
        "SELECT COUNT(*) AS n FROM streams WHERE stream_id LIKE \(bind: pattern)"
      ).first()?.decode(column: "n", as: Int.self) ?? 0
    }
  }
}

/// An SQLite engine whose transactions are counted, so a test can fail one or run something just
/// before one (with no transaction of the engine running).
final class ScriptedEngine: EngineWrapper {
  struct Injected: Error {}

  private struct Script {
    var count = 0
    var failure: (turn: Int, kind: StagedImportTests.Failure)?
    var failed = false
    var before: (turn: Int, action: @Sendable () async throws -> Void)?
  }

  let inner: any SQLEngine
  private let script = Mutex(Script())

  private init(inner: SQLiteEngine) { self.inner = inner }

  static func open() async throws -> ScriptedEngine {
    let store = try await HabitStore.open(TestDatabase.temporaryPath())
    return ScriptedEngine(inner: store.engine as! SQLiteEngine)
  }

  var failed: Bool { script.withLock { $0.failed } }

  /// Fails the `turn`th transaction from now once.
  func failOnce(transaction turn: Int, _ kind: StagedImportTests.Failure) {
    script.withLock { $0.failure = ($0.count + turn, kind) }
  }

  /// Runs `action` just before the `turn`th transaction from now.
  func before(transaction turn: Int, _ action: @escaping @Sendable () async throws -> Void) {
    script.withLock { $0.before = ($0.count + turn, action) }
  }

  func transaction<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    let (failure, action) = script.withLock { script in
      script.count += 1
      var failure: StagedImportTests.Failure?
      if let planned = script.failure, planned.turn == script.count {
        (failure, script.failed) = (planned.kind, true)
      }
      let action = script.before.flatMap { $0.turn == script.count ? $0.action : nil }
      if action != nil { script.before = nil }
      return (failure, action)
    }
    if let action { try await action() }
    switch failure {
    case .beforeItRuns: throw Injected()
    case .afterItCommits:
      _ = try await inner.transaction(body)
      throw Injected()
    case nil: return try await inner.transaction(body)
    }
  }
}

/// A flag one task sets and another reads.
final class Flag: Sendable {
  private let value = Mutex(false)

  var isSet: Bool { value.withLock { $0 } }

  func set() { value.withLock { $0 = true } }
}
