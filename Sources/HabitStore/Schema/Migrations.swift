import Foundation
import SQLKit

/// The schema, as numbered steps. A database remembers the steps it has taken in
/// `schema_migrations`, so opening it applies only the new ones.
public enum Migrations {
  /// One step: its number, what it is for, and its statements (the same on both engines).
  public struct Step: Sendable {
    public let version: Int
    public let summary: String
    public let statements: [String]
  }

  public static let steps: [Step] = [
    Step(
      version: 1,
      summary: "accounts, sessions and devices",
      statements: [
        """
        CREATE TABLE accounts (
          id TEXT PRIMARY KEY,
          email TEXT NOT NULL UNIQUE,
          password_hash TEXT NOT NULL,
          created_at BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE sessions (
          token_hash TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          kind TEXT NOT NULL,
          name TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          expires_at BIGINT,
          last_used_at BIGINT
        )
        """,
        "CREATE INDEX sessions_by_account ON sessions (account_id)",
        """
        CREATE TABLE devices (
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          device_id TEXT NOT NULL,
          last_seen_at BIGINT NOT NULL,
          PRIMARY KEY (account_id, device_id)
        )
        """,
      ]),
    Step(
      version: 2,
      summary: "per-account field rows with stamp and sequence",
      statements: [
        """
        CREATE TABLE streams (
          stream_id TEXT PRIMARY KEY,
          sequence BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE fields (
          stream_id TEXT NOT NULL,
          entity TEXT NOT NULL,
          record_key TEXT NOT NULL,
          field TEXT NOT NULL,
          value TEXT NOT NULL,
          stamp TEXT NOT NULL,
          change_id TEXT NOT NULL,
          rank TEXT NOT NULL,
          sequence BIGINT NOT NULL,
          PRIMARY KEY (stream_id, entity, record_key, field)
        )
        """,
        "CREATE UNIQUE INDEX fields_by_sequence ON fields (stream_id, sequence)",
      ]),
    Step(
      version: 3,
      summary: "a client replica's outbox and settings",
      statements: [
        """
        CREATE TABLE outbox (
          stream_id TEXT NOT NULL,
          position BIGINT NOT NULL,
          change_id TEXT NOT NULL,
          entity TEXT NOT NULL,
          record_key TEXT NOT NULL,
          field TEXT NOT NULL,
          value TEXT NOT NULL,
          stamp TEXT NOT NULL,
          PRIMARY KEY (stream_id, position)
        )
        """,
        """
        CREATE TABLE replica_state (
          stream_id TEXT NOT NULL,
          name TEXT NOT NULL,
          value TEXT NOT NULL,
          PRIMARY KEY (stream_id, name)
        )
        """,
      ]),
    Step(
      version: 4,
      summary:
        "reminders: server keys, push subscriptions, calendar feeds, sends, actions, snoozes",
      statements: [
        "CREATE TABLE server_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
        """
        CREATE TABLE push_subscriptions (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          endpoint TEXT NOT NULL UNIQUE,
          p256dh TEXT NOT NULL,
          auth TEXT NOT NULL,
          name TEXT NOT NULL,
          time_zone TEXT NOT NULL,
          created_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX push_subscriptions_by_account ON push_subscriptions (account_id)",
        """
        CREATE TABLE calendar_feeds (
          account_id TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
          secret_hash TEXT NOT NULL UNIQUE,
          created_at BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE reminder_sends (
          send_key TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          sent_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX reminder_sends_by_time ON reminder_sends (sent_at)",
        """
        CREATE TABLE reminder_actions (
          secret_hash TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          habit_id TEXT NOT NULL,
          day TEXT NOT NULL,
          expires_at BIGINT NOT NULL,
          used_at BIGINT
        )
        """,
        """
        CREATE TABLE reminder_snoozes (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          habit_id TEXT NOT NULL,
          day TEXT NOT NULL,
          due_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX reminder_snoozes_by_due ON reminder_snoozes (due_at)",
      ]),
    Step(
      version: 5,
      summary: "a client's outbox by record, so an edit reads only the changes to what it edits",
      statements: [
        "CREATE INDEX outbox_by_record ON outbox (stream_id, entity, record_key)"
      ]),
    Step(
      version: 6,
      summary:
        "why a session or token ended (by its hash only), so a device still holding it is told",
      statements: [
        """
        CREATE TABLE ended_sessions (
          token_hash TEXT PRIMARY KEY,
          reason TEXT NOT NULL,
          ended_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX ended_sessions_by_time ON ended_sessions (ended_at)",
      ]),
  ]

  public static var latest: Int { steps.last?.version ?? 0 }

  /// The version a database is at (0 for an empty one).
  public static func version(of engine: any SQLEngine) async throws -> Int {
    try await engine.transaction { database in
      try await lock(database, flavor: engine.flavor)
      try await ensureLedger(database)
      return try await currentVersion(database)
    }
  }

  /// Applies every step above the database's version, up to `target`, in one transaction. On
  /// PostgreSQL an advisory lock makes servers starting together take turns.
  public static func migrate(_ engine: any SQLEngine, to target: Int = latest) async throws {
    try await engine.transaction { database in
      try await lock(database, flavor: engine.flavor)
      try await ensureLedger(database)
      let current = try await currentVersion(database)
      guard current <= latest else { throw StoreError.schemaTooNew(found: current, known: latest) }
      for step in steps where step.version > current && step.version <= target {
        for statement in step.statements {
          try await database.raw(SQLQueryString(statement)).run()
        }
        try await database.raw(
          "INSERT INTO schema_migrations (version, applied_at) VALUES (\(bind: step.version), \(bind: Int64(Date().timeIntervalSince1970 * 1000)))"
        ).run()
      }
    }
  }

  private static func lock(_ database: any SQLDatabase, flavor: SQLFlavor) async throws {
    if flavor == .postgres {
      try await database.raw("SELECT pg_advisory_xact_lock(727001)").run()
    }
  }

  private static func currentVersion(_ database: any SQLDatabase) async throws -> Int {
    let row = try await database.raw("SELECT MAX(version) AS version FROM schema_migrations")
      .first()
    guard let row, try !row.decodeNil(column: "version") else { return 0 }
    return try row.decode(column: "version", as: Int.self)
  }

  private static func ensureLedger(_ database: any SQLDatabase) async throws {
    try await database.raw(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)"
    ).run()
  }
}
