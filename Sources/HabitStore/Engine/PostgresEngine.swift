import Foundation
public import Logging
import NIOSSL
import PostgresKit
import PostgresNIO
public import SQLKit

/// PostgreSQL through a connection pool. Transactions take a row lock on the account's sequence
/// row first, so concurrent batches for one account queue up while other accounts run in parallel.
public final class PostgresEngine: SQLEngine, Sendable {
  public let flavor = SQLFlavor.postgres
  private let client: PostgresClient
  private let runner: Task<Void, Never>

  private init(client: PostgresClient) {
    self.client = client
    runner = Task { await client.run() }
  }

  /// Connects to `postgres://user:password@host:port/database` (TLS off unless `sslmode=require`).
  public static func open(
    url: String, maximumConnections: Int = 20, logger: Logger = Logger(label: "habitflow.postgres")
  ) throws -> PostgresEngine {
    guard let components = URLComponents(string: url),
      components.scheme == "postgres" || components.scheme == "postgresql",
      let host = components.host, let user = components.user
    else { throw StoreError.badDatabaseURL(url) }
    let database =
      components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
    let requireTLS =
      components.queryItems?.contains { $0.name == "sslmode" && $0.value == "require" } ?? false
    var configuration = PostgresClient.Configuration(
      host: host, port: components.port ?? 5432, username: user, password: components.password,
      database: database.isEmpty ? nil : database,
      tls: requireTLS ? .require(.makeClientConfiguration()) : .disable)
    configuration.options.maximumConnections = maximumConnections
    return PostgresEngine(
      client: PostgresClient(configuration: configuration, backgroundLogger: logger))
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
    } catch let error as PSQLError {
      throw StoreError.database(String(reflecting: error))
    }
  }

  private func inTransaction<Result: Sendable>(
    _ body: @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    try await client.withConnection { connection in
      try await connection.sql().transaction(begin: "BEGIN", body)
    }
  }

  public func close() async throws {
    runner.cancel()
    _ = await runner.value
  }
}
