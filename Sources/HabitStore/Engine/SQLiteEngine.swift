import Foundation
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
    try await transaction(checkpoint: false, body)
  }

  public func bulkTransaction<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    try await transaction(checkpoint: true, body)
  }

  /// A transaction in the one writer's turn, then (`checkpoint`) the write-ahead log copied into
  /// the database in the same turn.
  private func transaction<Result: Sendable>(
    checkpoint: Bool, _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    let (database, lock) = (connection.sql(), self.lock)
    // IMMEDIATE takes the write lock up front, so a transaction never fails half-way on it.
    return try await Shielded.run {
      try await Self.reporting {
        try await lock.withLock {
          let result = try await database.transaction(begin: Self.begin, body)
          // Committed either way: a checkpoint that fails leaves the log to the next one.
          if checkpoint { try? await database.raw("PRAGMA wal_checkpoint(PASSIVE)").run() }
          return result
        }
      }
    }
  }

  /// BEGIN IMMEDIATE, first rolling back a transaction something left open on the one
  /// connection (it would refuse every later BEGIN until a restart). The lock is held, so no
  /// transaction of ours is running: one that is open was abandoned.
  static func begin(_ database: any SQLDatabase) async throws {
    do {
      try await database.raw("BEGIN IMMEDIATE").run()
    } catch let error as SQLiteError where error.message.contains("within a transaction") {
      database.logger.error("rolled back a transaction left open on the SQLite connection")
      try await database.raw("ROLLBACK").run()
      try await database.raw("BEGIN IMMEDIATE").run()
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

extension SQLiteEngine {
  /// SQLite's `quick_check` on a connection of its own (WAL lets it read beside the writer):
  /// nil when the file is sound, else what it found.
  public func quickCheck() async throws -> String? {
    let checker = try await SQLiteConnection.open(storage: .file(path: path))
    let outcome: Result<[String], any Error>
    do {
      let rows = try await checker.sql().raw("PRAGMA quick_check").all()
      outcome = .success(try rows.map { try $0.decode(column: "quick_check", as: String.self) })
    } catch {
      outcome = .failure(error)
    }
    try await checker.close()
    switch outcome {
    case .success(let lines): return lines == ["ok"] ? nil : lines.prefix(5).joined(separator: "; ")
    case .failure(let error as SQLiteError): return String(describing: error)
    case .failure(let error): throw error
    }
  }
}

extension SQLiteEngine {
  /// Bytes free to this process on the file system holding the database (nil when unknown): a
  /// write probe after a restart on a full disk may still succeed, reusing the old write-ahead
  /// log's space, while the next larger write fails.
  public var freeDiskBytes: Int? {
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    var status = statvfs()
    guard statvfs(folder.isEmpty ? "/" : folder, &status) == 0 else { return nil }
    return Int(status.f_bavail) * Int(status.f_frsize)
  }
}
