public import HabitSync
public import Logging
import SQLKit
public import ServiceLifecycle

/// HabitFlow's persistence on SQLite or PostgreSQL: accounts and sessions, and the field rows
/// that sync reads and writes. One implementation over SQLKit serves both engines.
public final class HabitStore: Sendable {
  public let engine: any SQLEngine
  /// How long a change to an account's own row (a new password, its deletion) waits on
  /// PostgreSQL for an import holding that row, before it is refused as `accountBusy`: below the
  /// 30 s a request waits, so the caller is never told "try again" for a change that then happens.
  public let accountLockWait: Duration

  public static let defaultAccountLockWait: Duration = .seconds(20)

  public init(engine: any SQLEngine, accountLockWait: Duration = defaultAccountLockWait) {
    self.engine = engine
    self.accountLockWait = accountLockWait
  }

  /// Opens the database at `location` — a `postgres://` URL, or a path to an SQLite file — and
  /// brings its schema up to date.
  public static func open(_ location: String, logger: Logger = Logger(label: "habitflow.store"))
    async throws -> HabitStore
  {
    let store = try await connect(location, runsClient: true, logger: logger)
    do {
      try await store.migrate()
    } catch {
      try? await store.close()
      throw error
    }
    return store
  }

  /// Opens the database without touching its schema. With `runsClient` false, PostgreSQL's
  /// connection pool does nothing until `clientService` runs, as one of the application's
  /// services, so it starts before the server and stops after it.
  public static func connect(_ location: String, runsClient: Bool, logger: Logger) async throws
    -> HabitStore
  {
    let logger = logger.forDatabase
    if isPostgres(location) {
      return HabitStore(
        engine: try PostgresEngine.open(url: location, runsClient: runsClient, logger: logger))
    }
    return HabitStore(
      engine: try await SQLiteEngine.open(path: sqlitePath(location), logger: logger))
  }

  /// Whether `connect` reads `location` as a PostgreSQL URL (anything else is an SQLite file).
  public static func isPostgres(_ location: String) -> Bool {
    let schemes = [
      "postgres", "postgresql", "postgres+tcp", "postgresql+tcp", "postgres+uds", "postgresql+uds",
    ]
    return schemes.contains(where: { location.hasPrefix($0 + "://") })
  }

  /// The SQLite file `connect` opens for `location` (a path, or `sqlite://` and a path).
  public static func sqlitePath(_ location: String) -> String {
    location.hasPrefix("sqlite://") ? String(location.dropFirst("sqlite://".count)) : location
  }

  /// Brings the schema up to date (numbered migrations, each once), and settles what a crash
  /// left of a large batch: finished if it was complete, else discarded.
  public func migrate() async throws {
    try await Migrations.migrate(engine)
    try await StagedBatch.settleLeftovers(engine)
  }

  /// PostgreSQL's connection pool, for the application to run as a service; nil on SQLite.
  public var clientService: (any Service)? {
    (engine as? PostgresEngine)?.clientService
  }

  public func close() async throws {
    try await engine.close()
  }

  // MARK: Sync rows

  /// Applies a batch of (already validated) changes to an account's rows, atomically.
  public func apply(_ changes: [Change], account: String) async throws -> BatchResult {
    try await engine.transaction { database in
      try await FieldStore.apply(changes, stream: account, in: database)
    }
  }

  /// Applies batches for several accounts in one transaction (a group commit: one disk sync and
  /// one statement per table for all of them; an account may have several batches), and records
  /// the devices whose sync calls they came from.
  /// With a `ticket`, the transaction rolls back instead of committing once its caller gave up.
  public func apply(
    groups: [(account: String, changes: [Change])], visits: [DeviceVisit] = [],
    ticket: CommitTicket = CommitTicket()
  ) async throws -> [BatchResult] {
    try await engine.transaction { database in
      if ticket.isAbandoned { throw CommitTicket.Abandoned() }
      let results = try await FieldStore.apply(
        groups.map { ($0.account, $0.changes) }, in: database)
      if !visits.isEmpty { try await DeviceVisit.record(visits, in: database) }
      try ticket.commit()
      return results
    }
  }

  /// Changes past which `applyLarge` stages a batch instead of writing it in one transaction.
  public static let largeBatch = 4_000

  /// Applies one account's large batch (an import) all or nothing, only while the account exists,
  /// without holding every other
  /// writer for its whole length: on SQLite it is staged in short transactions and merged in
  /// one statement; on PostgreSQL, whose transactions for other accounts run beside it, it is one
  /// transaction whose caller waits up to `limit` rather than the engine's usual deadline.
  public func applyLarge(
    _ changes: [Change], account: String, within limit: Duration,
    ticket: CommitTicket = CommitTicket()
  ) async throws -> BatchResult {
    // An account deleted meanwhile refuses the batch (`StoreError.accountGone`).
    let whole: @Sendable (any SQLDatabase) async throws -> BatchResult = { database in
      if ticket.isAbandoned { throw CommitTicket.Abandoned() }
      try await StagedBatch.requireAccount(account, in: database)
      let result = try await FieldStore.apply(changes, stream: account, in: database)
      try ticket.commit()
      return result
    }
    if let postgres = engine as? PostgresEngine {
      // The caller's own bound (`limit`) ends its wait first; this one only backs it.
      return try await postgres.transaction(within: limit + .seconds(30), whole)
    }
    if changes.count <= Self.largeBatch {
      return try await engine.transaction(whole)
    }
    return try await StagedBatch.apply(changes, stream: account, engine: engine, ticket: ticket)
  }

  /// One page of the account's rows changed after `cursor`.
  public func rows(after cursor: Int64, limit: Int, account: String) async throws -> RowPage {
    try await fieldRows(after: cursor, limit: limit, account: account)
  }

  /// Every field the account holds: its full current state (a backup).
  public func state(account: String) async throws -> [Change] {
    try await engine.read { database in
      try await FieldStore.all(stream: account, in: database)
    }
  }

  /// Commits a one-row write, so a readiness check learns whether the database takes writes
  /// (disk full, read-only, locked, unreachable) rather than only whether it answers.
  public func checkWritable() async throws {
    try await engine.transaction { database in
      try await database.raw(
        "INSERT INTO streams (stream_id, sequence) VALUES ('~readiness', 0) ON CONFLICT (stream_id) DO UPDATE SET sequence = streams.sequence"
      ).run()
    }
  }

  /// Why the database file is damaged, or nil when it is not (or the engine checks itself):
  /// SQLite's `quick_check`, on a connection of its own so writers are not held meanwhile.
  public func damage() async throws -> String? {
    guard let sqlite = engine as? SQLiteEngine else { return nil }
    return try await sqlite.quickCheck()
  }

  /// Bytes free on the disk holding an SQLite database; nil on PostgreSQL (its own server's).
  public var freeDiskBytes: Int? { (engine as? SQLiteEngine)?.freeDiskBytes }

  public func sequence(account: String) async throws -> Int64 {
    try await engine.read { database in
      try await FieldStore.sequence(stream: account, in: database)
    }
  }
}
