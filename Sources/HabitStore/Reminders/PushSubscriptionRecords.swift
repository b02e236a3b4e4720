import SQLKit

/// A browser's push subscription, kept with its account so reminders reach that device.
public struct PushSubscriptionRecord: Hashable, Sendable {
  public let id: String
  public let accountID: String
  public let endpoint: String
  /// The browser's P-256 public key and authentication secret, base64url as the browser gave them.
  public let p256dh: String
  public let auth: String
  public let name: String
  /// The browser's IANA time zone, which places the account's reminders in its day.
  public let timeZone: String
  public let createdAt: Int64

  public init(
    id: String, accountID: String, endpoint: String, p256dh: String, auth: String, name: String,
    timeZone: String, createdAt: Int64
  ) {
    self.id = id
    self.accountID = accountID
    self.endpoint = endpoint
    self.p256dh = p256dh
    self.auth = auth
    self.name = name
    self.timeZone = timeZone
    self.createdAt = createdAt
  }
}

/// Printed, a subscription shows neither its endpoint (a capability URL) nor the browser's keys.
extension PushSubscriptionRecord: CustomStringConvertible {
  public var description: String { "PushSubscriptionRecord(id: \(id), account: \(accountID))" }
}

extension HabitStore {
  private static let subscriptionColumns =
    "id, account_id, endpoint, p256dh, auth, name, time_zone, created_at"

  /// Saves a subscription, replacing the account's own one for the same endpoint (one endpoint
  /// is one browser); false, saving nothing, when another account has that endpoint: a
  /// subscription can never be taken over or removed by someone else.
  @discardableResult
  public func savePushSubscription(_ subscription: PushSubscriptionRecord) async throws -> Bool {
    try await engine.transaction { database in
      try await database.raw(
        "DELETE FROM push_subscriptions WHERE endpoint = \(bind: subscription.endpoint) AND account_id = \(bind: subscription.accountID)"
      ).run()
      return try await database.raw(
        "INSERT INTO push_subscriptions (\(unsafeRaw: Self.subscriptionColumns)) VALUES (\(bind: subscription.id), \(bind: subscription.accountID), \(bind: subscription.endpoint), \(bind: subscription.p256dh), \(bind: subscription.auth), \(bind: subscription.name), \(bind: subscription.timeZone), \(bind: subscription.createdAt)) ON CONFLICT (endpoint) DO NOTHING RETURNING id"
      ).first() != nil
    }
  }

  /// The account's subscriptions, oldest first.
  public func pushSubscriptions(account: String) async throws -> [PushSubscriptionRecord] {
    try await engine.read { database in
      try await database.raw(
        "SELECT \(unsafeRaw: Self.subscriptionColumns) FROM push_subscriptions WHERE account_id = \(bind: account) ORDER BY created_at, id"
      ).all().map(PushSubscriptionRecord.init(row:))
    }
  }

  /// Every account that has at least one subscription: the accounts the scheduler looks at.
  public func accountsWithPushSubscriptions() async throws -> [String] {
    try await engine.read { database in
      try await database.raw(
        "SELECT DISTINCT account_id FROM push_subscriptions ORDER BY account_id"
      ).all().map { try $0.decode(column: "account_id", as: String.self) }
    }
  }

  /// Deletes one subscription of the account; false when it has none with that id.
  @discardableResult
  public func deletePushSubscription(id: String, account: String) async throws -> Bool {
    try await engine.transaction { database in
      try await database.raw(
        "DELETE FROM push_subscriptions WHERE id = \(bind: id) AND account_id = \(bind: account) RETURNING id"
      ).first() != nil
    }
  }

  /// Forgets a subscription the push service said is gone.
  public func deletePushSubscription(endpoint: String) async throws {
    try await engine.transaction { database in
      try await database.raw(
        "DELETE FROM push_subscriptions WHERE endpoint = \(bind: endpoint)"
      ).run()
    }
  }
}

extension PushSubscriptionRecord {
  init(row: any SQLRow) throws {
    self.init(
      id: try row.decode(column: "id", as: String.self),
      accountID: try row.decode(column: "account_id", as: String.self),
      endpoint: try row.decode(column: "endpoint", as: String.self),
      p256dh: try row.decode(column: "p256dh", as: String.self),
      auth: try row.decode(column: "auth", as: String.self),
      name: try row.decode(column: "name", as: String.self),
      timeZone: try row.decode(column: "time_zone", as: String.self),
      createdAt: try row.decode(column: "created_at", as: Int64.self))
  }
}
