public import Logging
import NIOCore
import NIOPosix
public import SQLKit
import SQLiteKit
import SQLiteNIO

/// SQLite through one connection in WAL mode with `synchronous = FULL`: every acknowledged
/// transaction is on disk before the call returns, so it survives a crash or a kill.
public final class SQLiteEngine: SQLEngine {
  public let flavor = SQLFlavor.sqlite
  public let path: String
  let connection: SQLiteConnection
  let lock = AsyncLock()

  private init(path: String, connection: SQLiteConnection) {
    self.path = path
    self.connection = connection
  }

  /// Opens (creating if needed) the database file at `path`.
  public static func open(path: String, logger: Logger = Logger(label: "habitflow.sqlite"))
    async throws -> SQLiteEngine
  {
    let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
    let engine = SQLiteEngine(path: path, connection: connection)
    let database = connection.sql()
    try await database.raw("PRAGMA journal_mode = WAL").run()
    try await database.raw("PRAGMA synchronous = FULL").run()
    try await database.raw("PRAGMA foreign_keys = ON").run()
    try await database.raw("PRAGMA busy_timeout = 10000").run()
    return engine
  }

  public func read<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  )
    async throws -> Result
  {
    let database = connection.sql()
    return try await Self.reporting { try await lock.withLock { try await body(database) } }
  }

  public func transaction<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    let database = connection.sql()
    // IMMEDIATE takes the write lock up front, so a transaction never fails half-way on it.
    return try await Self.reporting {
      try await lock.withLock { try await database.transaction(begin: "BEGIN IMMEDIATE", body) }
    }
  }

  /// SQLite's own errors (disk full, I/O, corruption, busy) as the store's.
  static func reporting<Result>(_ body: () async throws -> Result) async throws -> Result {
    do {
      return try await body()
    } catch let error as SQLiteError {
      throw StoreError.database(String(describing: error))
    }
  }

  public func close() async throws {
    try await connection.close()
  }
}

extension SQLiteEngine: @unchecked Sendable {}
