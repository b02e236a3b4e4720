import PostgresNIO
import SQLKit

/// An account as stored: the email is kept lower-cased; the password only as its hash.
public struct AccountRecord: Hashable, Sendable {
  public let id: String
  public let email: String
  public let passwordHash: String
  public let createdAt: Int64

  public init(id: String, email: String, passwordHash: String, createdAt: Int64) {
    self.id = id
    self.email = email
    self.passwordHash = passwordHash
    self.createdAt = createdAt
  }
}

/// A browser session or a personal API token, stored only as the hash of its secret.
public struct SessionRecord: Hashable, Sendable {
  public enum Kind: String, Sendable {
    case session
    case apiToken = "api"
  }

  public let tokenHash: String
  public let accountID: String
  public let kind: Kind
  public let name: String
  public let createdAt: Int64
  /// nil: never expires (API tokens until revoked).
  public let expiresAt: Int64?
  public let lastUsedAt: Int64?

  public init(
    tokenHash: String, accountID: String, kind: Kind, name: String, createdAt: Int64,
    expiresAt: Int64?, lastUsedAt: Int64? = nil
  ) {
    self.tokenHash = tokenHash
    self.accountID = accountID
    self.kind = kind
    self.name = name
    self.createdAt = createdAt
    self.expiresAt = expiresAt
    self.lastUsedAt = lastUsedAt
  }
}

/// Printed, a record shows no secret: the password's hash and the token's hash stay out of any
/// log or error message that interpolates one.
extension AccountRecord: CustomStringConvertible {
  public var description: String { "AccountRecord(id: \(id))" }
}

extension SessionRecord: CustomStringConvertible {
  public var description: String { "SessionRecord(account: \(accountID), kind: \(kind.rawValue))" }
}

extension HabitStore {
  /// Creates an account; refuses an email that is already registered. The unique constraint on
  /// the email decides, so two sign-ups racing for one email get one account and one refusal.
  public func createAccount(_ account: AccountRecord) async throws {
    let inserted = try await engine.transaction { database in
      try await database.raw(
        "INSERT INTO accounts (id, email, password_hash, created_at) VALUES (\(bind: account.id), \(bind: account.email), \(bind: account.passwordHash), \(bind: account.createdAt)) ON CONFLICT (email) DO NOTHING RETURNING id"
      ).first() != nil
    }
    guard inserted else { throw StoreError.emailTaken }
  }

  public func account(email: String) async throws -> AccountRecord? {
    try await engine.read { database in
      try await database.raw(
        "SELECT id, email, password_hash, created_at FROM accounts WHERE email = \(bind: email)"
      ).first().map(AccountRecord.init(row:))
    }
  }

  public func account(id: String) async throws -> AccountRecord? {
    try await engine.read { database in
      try await database.raw(
        "SELECT id, email, password_hash, created_at FROM accounts WHERE id = \(bind: id)"
      ).first().map(AccountRecord.init(row:))
    }
  }

  public func setPasswordHash(_ hash: String, account: String) async throws {
    let wait = accountLockWait
    try await engine.transaction { database in
      try await Self.holdAccountRow(account, waiting: wait, in: database)
      try await database.raw(
        "UPDATE accounts SET password_hash = \(bind: hash) WHERE id = \(bind: account)"
      ).run()
    }
  }

  /// Sets a new password and, in the same transaction, ends every session and personal token of
  /// the account except the one that asked.
  public func setPasswordHash(_ hash: String, account: String, keeping tokenHash: String)
    async throws
  {
    let wait = accountLockWait
    try await engine.transaction { database in
      try await Self.holdAccountRow(account, waiting: wait, in: database)
      try await database.raw(
        "UPDATE accounts SET password_hash = \(bind: hash) WHERE id = \(bind: account)"
      ).run()
      try await Self.noteEnded(
        account: account, keeping: tokenHash, because: .passwordChanged, in: database)
      try await database.raw(
        "DELETE FROM sessions WHERE account_id = \(bind: account) AND token_hash <> \(bind: tokenHash)"
      ).run()
    }
  }

  /// Deletes the account and everything it owns: rows, sessions, tokens and devices, and any
  /// import of it being staged or moved. On PostgreSQL the account's row is taken first, so an
  /// import holding it is waited for (up to `accountLockWait`) and its rows deleted too, and one
  /// begun after finds no account: the deletion wins in either order.
  public func deleteAccount(_ id: String) async throws {
    let wait = accountLockWait
    try await engine.transaction { database in
      try await Self.holdAccountRow(id, waiting: wait, in: database)
      try await StagedBatch.deleteStaging(of: id, in: database)
      try await FieldStore.delete(stream: id, in: database)
      try await Self.noteEnded(account: id, because: .accountDeleted, in: database)
      try await database.raw("DELETE FROM sessions WHERE account_id = \(bind: id)").run()
      try await database.raw("DELETE FROM devices WHERE account_id = \(bind: id)").run()
      try await database.raw("DELETE FROM accounts WHERE id = \(bind: id)").run()
    }
  }

  /// On PostgreSQL, takes the account's row for the rest of the transaction, waiting at most
  /// `wait` for an import that holds it (then `StoreError.accountBusy`, and the transaction rolls
  /// back having changed nothing). `NO KEY UPDATE`, so a group commit that records a device of the
  /// account, holding its sequence row, is not made to deadlock. SQLite has one writer: nothing to
  /// take.
  static func holdAccountRow(
    _ id: String, waiting wait: Duration, in database: any SQLDatabase
  ) async throws {
    guard database.dialect.name == "postgresql" else { return }
    let milliseconds = max(1, Int(wait / .milliseconds(1)))
    try await database.raw("SET LOCAL lock_timeout = \(unsafeRaw: String(milliseconds))").run()
    do {
      try await database.raw(
        "SELECT id FROM accounts WHERE id = \(bind: id) FOR NO KEY UPDATE"
      ).run()
    } catch let error as PSQLError where error.serverInfo?[.sqlState] == "55P03" {
      throw StoreError.accountBusy
    }
  }

  public func createSession(_ session: SessionRecord) async throws {
    try await engine.transaction { database in
      try await database.raw(
        "INSERT INTO sessions (token_hash, account_id, kind, name, created_at, expires_at, last_used_at) VALUES (\(bind: session.tokenHash), \(bind: session.accountID), \(bind: session.kind.rawValue), \(bind: session.name), \(bind: session.createdAt), \(bind: session.expiresAt), \(bind: session.lastUsedAt))"
      ).run()
    }
  }

  public func session(tokenHash: String) async throws -> SessionRecord? {
    try await engine.read { database in
      try await database.raw(
        "SELECT token_hash, account_id, kind, name, created_at, expires_at, last_used_at FROM sessions WHERE token_hash = \(bind: tokenHash)"
      ).first().map(SessionRecord.init(row:))
    }
  }

  public func sessions(account: String, kind: SessionRecord.Kind) async throws -> [SessionRecord] {
    try await engine.read { database in
      try await database.raw(
        "SELECT token_hash, account_id, kind, name, created_at, expires_at, last_used_at FROM sessions WHERE account_id = \(bind: account) AND kind = \(bind: kind.rawValue) ORDER BY created_at, token_hash"
      ).all().map(SessionRecord.init(row:))
    }
  }

  public func touchSession(tokenHash: String, at time: Int64) async throws {
    try await engine.transaction { database in
      try await database.raw(
        "UPDATE sessions SET last_used_at = \(bind: time) WHERE token_hash = \(bind: tokenHash)"
      ).run()
    }
  }

  /// Deletes one session or token of the account (scoped: another account's hash deletes nothing),
  /// noting `reason`, if given, for the device that still holds it.
  @discardableResult
  public func deleteSession(
    tokenHash: String, account: String, because reason: SessionEndReason? = nil
  ) async throws -> Bool {
    try await engine.transaction { database in
      let found = try await database.raw(
        "SELECT token_hash FROM sessions WHERE token_hash = \(bind: tokenHash) AND account_id = \(bind: account)"
      ).first()
      guard found != nil else { return false }
      if let reason {
        try await Self.noteEnded(account: account, only: tokenHash, because: reason, in: database)
      }
      try await database.raw(
        "DELETE FROM sessions WHERE token_hash = \(bind: tokenHash) AND account_id = \(bind: account)"
      ).run()
      return true
    }
  }

  /// Ends every session (and, when `kind` is nil, every token) of the account, noting `reason`.
  public func deleteSessions(
    account: String, kind: SessionRecord.Kind?,
    because reason: SessionEndReason = .signedOutEverywhere
  ) async throws {
    try await engine.transaction { database in
      try await Self.noteEnded(account: account, kind: kind, because: reason, in: database)
      if let kind {
        try await database.raw(
          "DELETE FROM sessions WHERE account_id = \(bind: account) AND kind = \(bind: kind.rawValue)"
        ).run()
      } else {
        try await database.raw("DELETE FROM sessions WHERE account_id = \(bind: account)").run()
      }
    }
  }

  /// Ends every session and personal token of the account except the one that asked.
  public func deleteSessions(account: String, keeping tokenHash: String) async throws {
    try await engine.transaction { database in
      try await Self.noteEnded(
        account: account, keeping: tokenHash, because: .signedOutEverywhere, in: database)
      try await database.raw(
        "DELETE FROM sessions WHERE account_id = \(bind: account) AND token_hash <> \(bind: tokenHash)"
      ).run()
    }
  }

  /// Notes that a device synced, so the person can see their devices.
  public func touchDevice(_ device: String, account: String, at time: Int64) async throws {
    try await engine.transaction { database in
      try await DeviceVisit.record(
        [DeviceVisit(account: account, device: device, at: time)], in: database)
    }
  }

  public func devices(account: String) async throws -> [(device: String, lastSeenAt: Int64)] {
    try await engine.read { database in
      try await database.raw(
        "SELECT device_id, last_seen_at FROM devices WHERE account_id = \(bind: account) ORDER BY device_id"
      ).all().map {
        (
          try $0.decode(column: "device_id", as: String.self),
          try $0.decode(column: "last_seen_at", as: Int64.self)
        )
      }
    }
  }
}

extension AccountRecord {
  init(row: any SQLRow) throws {
    self.init(
      id: try row.decode(column: "id", as: String.self),
      email: try row.decode(column: "email", as: String.self),
      passwordHash: try row.decode(column: "password_hash", as: String.self),
      createdAt: try row.decode(column: "created_at", as: Int64.self))
  }
}

extension SessionRecord {
  init(row: any SQLRow) throws {
    let kindName = try row.decode(column: "kind", as: String.self)
    guard let kind = Kind(rawValue: kindName) else {
      throw StoreError.corruptRow("session kind \(kindName)")
    }
    self.init(
      tokenHash: try row.decode(column: "token_hash", as: String.self),
      accountID: try row.decode(column: "account_id", as: String.self),
      kind: kind,
      name: try row.decode(column: "name", as: String.self),
      createdAt: try row.decode(column: "created_at", as: Int64.self),
      expiresAt: try row.decode(column: "expires_at", as: Int64?.self),
      lastUsedAt: try row.decode(column: "last_used_at", as: Int64?.self))
  }
}

/// A device seen by a sync call. The server records visits with the group commit that carries the
/// call's changes, so a sync costs no transaction (and no disk sync) of its own.
public struct DeviceVisit: Hashable, Sendable {
  public let account: String
  public let device: String
  public let at: Int64

  public init(account: String, device: String, at: Int64) {
    self.account = account
    self.device = device
    self.at = at
  }

  /// Upserts the visits, the latest per device, in one statement per chunk.
  static func record(_ visits: [DeviceVisit], in database: any SQLDatabase) async throws {
    // Sorted, so the latest visit of each device comes last among its own.
    let ordered = visits.sorted { ($0.account, $0.device, $0.at) < ($1.account, $1.device, $1.at) }
    var rows: [DeviceVisit] = []
    for visit in ordered {
      if let last = rows.last, last.account == visit.account, last.device == visit.device {
        rows[rows.count - 1] = visit
      } else {
        rows.append(visit)
      }
    }
    for slice in FieldStore.chunks(rows) {
      // Only for accounts that still exist: an account deleted while its sync call waited for
      // the commit must not fail the other accounts' writes in the same transaction.
      var query: SQLQueryString =
        "INSERT INTO devices (account_id, device_id, last_seen_at) SELECT visit.column1, visit.column2, visit.column3 FROM (VALUES "
      query += slice.map {
        "(\(bind: $0.account), \(bind: $0.device), \(bind: $0.at))" as SQLQueryString
      }
      .joined(separator: ", ")
      query +=
        ") AS visit WHERE visit.column1 IN (SELECT id FROM accounts) ON CONFLICT (account_id, device_id) DO UPDATE SET last_seen_at = excluded.last_seen_at"
      try await database.raw(query).run()
    }
  }
}
