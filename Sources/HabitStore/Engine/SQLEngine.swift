public import SQLKit

/// The two databases HabitFlow runs on.
public enum SQLFlavor: String, Sendable {
  case sqlite
  case postgres
}

/// How the store reaches its database: one session at a time for reads, and transactions that
/// commit or roll back whole. The store's queries are the same on both engines.
public protocol SQLEngine: Sendable {
  var flavor: SQLFlavor { get }

  /// Runs `body` on one session (no transaction).
  func read<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  )
    async throws
    -> Result

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  func transaction<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  )
    async throws -> Result

  /// A transaction that writes much (a step of an import): on SQLite it also moves what it wrote
  /// from the write-ahead log into the database before the next writer's turn, so the next small
  /// commit (another account's check-in) never pays for copying and syncing the import's pages.
  func bulkTransaction<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result

  func close() async throws
}

extension SQLEngine {
  public func bulkTransaction<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    try await transaction(body)
  }
}

extension SQLDatabase {
  /// Runs `body` between `begin` and COMMIT, rolling back if it throws. Call it from a task no
  /// cancellation reaches (see `Shielded`): a cancelled task's COMMIT or ROLLBACK may never run,
  /// which leaves the connection inside the transaction.
  func transaction<Result: Sendable>(
    begin: @Sendable (any SQLDatabase) async throws -> Void,
    _ body: @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    try await begin(self)
    do {
      let result = try await body(self)
      try await raw("COMMIT").run()
      return result
    } catch {
      try? await raw("ROLLBACK").run()
      throw error
    }
  }
}

/// Runs work in a task of its own, so a caller that stops waiting (a deadline, a client gone)
/// never cancels it half-way: a transaction once begun always reaches its COMMIT or ROLLBACK.
enum Shielded {
  static func run<Result: Sendable>(_ work: @escaping @Sendable () async throws -> Result)
    async throws -> Result
  {
    try await Task { try await work() }.value
  }
}
