import SQLKit

extension HabitStore {
  /// Gives the account a calendar feed secret (stored as its hash), revoking the one it had.
  public func replaceCalendarFeed(account: String, secretHash: String, at time: Int64)
    async throws
  {
    try await engine.transaction { database in
      try await database.raw("DELETE FROM calendar_feeds WHERE account_id = \(bind: account)").run()
      try await database.raw(
        "INSERT INTO calendar_feeds (account_id, secret_hash, created_at) VALUES (\(bind: account), \(bind: secretHash), \(bind: time))"
      ).run()
    }
  }

  /// Gives the account's feed a new secret when it has one (signing out everywhere or a new
  /// password ends every way in, the old link included); false when it has none.
  public func replaceExistingCalendarFeed(account: String, secretHash: String, at time: Int64)
    async throws -> Bool
  {
    try await engine.transaction { database in
      try await database.raw(
        "UPDATE calendar_feeds SET secret_hash = \(bind: secretHash), created_at = \(bind: time) WHERE account_id = \(bind: account) RETURNING account_id"
      ).first() != nil
    }
  }

  /// Revokes the account's feed; false when it had none.
  @discardableResult
  public func deleteCalendarFeed(account: String) async throws -> Bool {
    try await engine.transaction { database in
      try await database.raw(
        "DELETE FROM calendar_feeds WHERE account_id = \(bind: account) RETURNING account_id"
      ).first() != nil
    }
  }

  /// When the account's feed was made, or nil when it has none.
  public func calendarFeedCreatedAt(account: String) async throws -> Int64? {
    try await engine.read { database in
      try await database.raw(
        "SELECT created_at FROM calendar_feeds WHERE account_id = \(bind: account)"
      ).first()?.decode(column: "created_at", as: Int64.self)
    }
  }

  /// The account a feed secret's hash belongs to, or nil for a revoked or unknown one.
  public func calendarFeedAccount(secretHash: String) async throws -> String? {
    try await engine.read { database in
      try await database.raw(
        "SELECT account_id FROM calendar_feeds WHERE secret_hash = \(bind: secretHash)"
      ).first()?.decode(column: "account_id", as: String.self)
    }
  }
}
