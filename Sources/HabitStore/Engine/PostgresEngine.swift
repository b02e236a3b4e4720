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
  let client: PostgresClient
  /// Runs the pool when no service group does (tests, tools).
  private let runner: Task<Void, Never>?
  let logger: Logger

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

  /// Longest a read or transaction may take, waiting for a connection and for other
  /// transactions' locks included: when PostgreSQL ended the pool's connections or is restarting,
  /// callers get an error instead of waiting for good. (Requests have shorter deadlines of their
  /// own; this one bounds everything else, such as migrations and long queues for one account.)
  public static let deadline: Duration = .seconds(30)

  public func read<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    let client = self.client
    return try await Self.reporting {
      try await client.withConnection { connection in try await body(connection.sql()) }
    }
  }

  public func transaction<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    try await transaction(within: Self.deadline, body)
  }

  /// A transaction whose caller waits at most `limit` (an import's, longer than the default).
  /// Past it the caller gets an error, but the transaction is never cancelled: it still reaches
  /// its COMMIT or ROLLBACK, so the connection goes back to the pool outside any transaction.
  public func transaction<Result: Sendable>(
    within limit: Duration, _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    let (client, logger) = (self.client, self.logger)
    return try await Self.reporting(within: limit) {
      try await Shielded.run {
        try await client.withTransaction(logger: logger) { connection in
          try await body(connection.sql())
        }
      }
    }
  }

  /// Runs `work` within the deadline and reports the database's and the pool's errors as the
  /// store's; the store's own errors from inside a transaction pass through as thrown.
  static func reporting<Result: Sendable>(
    within limit: Duration = deadline, _ work: @escaping @Sendable () async throws -> Result
  ) async throws -> Result {
    do {
      return try await Deadline.run(within: limit, work)
    } catch let error as StoreError {
      throw error
    } catch let error as PostgresTransactionError {
      if let inner = error.closureError, !(inner is PSQLError) { throw inner }
      throw StoreError.database(ErrorSummary.of(error))
    } catch {
      // Never the reflected error: it holds the query's bound values (a password's hash, an
      // email), and the detail shows in logs and in /readyz's answer.
      throw StoreError.database(ErrorSummary.of(error))
    }
  }

  public func close() async throws {
    guard let runner else { return }
    runner.cancel()
    _ = await runner.value
  }
}
