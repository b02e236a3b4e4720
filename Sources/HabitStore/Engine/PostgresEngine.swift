public import Logging
import NIOSSL
import PostgresKit
import PostgresNIO
public import SQLKit
public import ServiceLifecycle

/// PostgreSQL through a connection pool. Transactions take a row lock on the account's sequence
/// row first, so concurrent batches for one account queue up while other accounts run in parallel.
public final class PostgresEngine: SQLEngine, Sendable {
  public let flavor = SQLFlavor.postgres
  private let client: PostgresClient
  /// Runs the pool when no service group does (tests, tools).
  private let runner: Task<Void, Never>?
  private let logger: Logger

  private init(client: PostgresClient, runsClient: Bool, logger: Logger) {
    self.client = client
    self.logger = logger
    runner = runsClient ? Task { await client.run() } : nil
  }

  /// The pool as a service, for an application that runs it (`runsClient: false`).
  public var clientService: any Service { client }

  /// Connects to a `postgres://user:password@host:port/database` URL as postgres-kit reads it:
  /// `sslmode` (`disable`, `prefer` — the default, as in libpq —, `require`, `verify-full`), and
  /// `postgresql+uds://user@/path/to/socket#database` for a Unix socket.
  public static func open(
    url: String, maximumConnections: Int = 20, runsClient: Bool = true,
    logger: Logger = Logger(label: "habitflow.postgres")
  ) throws -> PostgresEngine {
    let parsed: SQLPostgresConfiguration
    do {
      parsed = try SQLPostgresConfiguration(url: url)
    } catch {
      throw StoreError.badDatabaseURL(url)
    }
    let core = parsed.coreConfiguration
    let tls: PostgresClient.Configuration.TLS =
      core.tls.isEnforced
      ? .require(.makeClientConfiguration())
      : core.tls.isAllowed ? .prefer(.makeClientConfiguration()) : .disable
    var configuration: PostgresClient.Configuration
    if let socket = core.unixSocketPath {
      configuration = PostgresClient.Configuration(
        unixSocketPath: socket, username: core.username, password: core.password,
        database: core.database)
    } else if let host = core.host {
      configuration = PostgresClient.Configuration(
        host: host, port: core.port ?? 5432, username: core.username, password: core.password,
        database: core.database, tls: tls)
    } else {
      throw StoreError.badDatabaseURL(url)
    }
    configuration.options.maximumConnections = maximumConnections
    return PostgresEngine(
      client: PostgresClient(configuration: configuration, backgroundLogger: logger),
      runsClient: runsClient, logger: logger)
  }

  public func read<Result: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> Result)
    async throws -> Result
  {
    do {
      return try await client.withConnection { connection in
        try await body(connection.sql())
      }
    } catch let error as PSQLError {
      throw StoreError.database(String(reflecting: error))
    }
  }

  public func transaction<Result: Sendable>(
    _ body: @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    do {
      return try await inTransaction(body)
    } catch let error as PostgresTransactionError {
      // The store's own errors from inside the transaction pass through as they were thrown.
      if let inner = error.closureError, !(inner is PSQLError) { throw inner }
      throw StoreError.database(String(reflecting: error))
    } catch let error as PSQLError {
      throw StoreError.database(String(reflecting: error))
    }
  }

  private func inTransaction<Result: Sendable>(
    _ body: @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    try await client.withTransaction(logger: logger) { connection in
      try await body(connection.sql())
    }
  }

  public func close() async throws {
    guard let runner else { return }
    runner.cancel()
    _ = await runner.value
  }
}
