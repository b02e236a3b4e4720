import SQLKit

/// What a notification's one-time action URL may do: mark one habit's day, or ask again later.
public struct ReminderActionRecord: Hashable, Sendable {
  public let accountID: String
  public let habitID: String
  /// The local day the reminder was for, `yyyy-MM-dd`.
  public let day: String

  public init(accountID: String, habitID: String, day: String) {
    self.accountID = accountID
    self.habitID = habitID
    self.day = day
  }
}

/// A "Later" asked for: the reminder is sent again at `dueAt`.
public struct ReminderSnoozeRecord: Hashable, Sendable {
  public let id: String
  public let accountID: String
  public let habitID: String
  public let day: String
  public let dueAt: Int64

  public init(id: String, accountID: String, habitID: String, day: String, dueAt: Int64) {
    self.id = id
    self.accountID = accountID
    self.habitID = habitID
    self.day = day
    self.dueAt = dueAt
  }
}

extension HabitStore {
  /// Claims a send by its unique key before it is sent: true for exactly one caller however many
  /// servers ask, so each reminder goes out once.
  public func claimReminderSend(_ key: String, account: String, at time: Int64) async throws
    -> Bool
  {
    try await engine.transaction { database in
      try await database.raw(
        "INSERT INTO reminder_sends (send_key, account_id, sent_at) SELECT \(bind: key), id, \(bind: time) FROM accounts WHERE id = \(bind: account) ON CONFLICT (send_key) DO NOTHING RETURNING send_key"
      ).first() != nil
    }
  }

  /// Forgets claims, used action URLs and expired ones older than `time`: their reminders' days
  /// are over.
  public func pruneReminderRecords(before time: Int64) async throws {
    try await engine.transaction { database in
      try await database.raw("DELETE FROM reminder_sends WHERE sent_at < \(bind: time)").run()
      try await database.raw("DELETE FROM reminder_actions WHERE expires_at < \(bind: time)").run()
    }
  }

  /// Keeps a notification's action secret (as its hash) until `expiresAt`.
  public func saveReminderAction(
    secretHash: String, _ action: ReminderActionRecord, expiresAt: Int64
  ) async throws {
    try await engine.transaction { database in
      try await database.raw(
        "INSERT INTO reminder_actions (secret_hash, account_id, habit_id, day, expires_at) VALUES (\(bind: secretHash), \(bind: action.accountID), \(bind: action.habitID), \(bind: action.day), \(bind: expiresAt))"
      ).run()
    }
  }

  /// Uses an action secret once: what it may do, or nil when it is unknown, used or expired.
  public func useReminderAction(secretHash: String, at time: Int64) async throws
    -> ReminderActionRecord?
  {
    try await engine.transaction { database in
      guard
        let row = try await database.raw(
          "UPDATE reminder_actions SET used_at = \(bind: time) WHERE secret_hash = \(bind: secretHash) AND used_at IS NULL AND expires_at > \(bind: time) RETURNING account_id, habit_id, day"
        ).first()
      else { return nil }
      return ReminderActionRecord(
        accountID: try row.decode(column: "account_id", as: String.self),
        habitID: try row.decode(column: "habit_id", as: String.self),
        day: try row.decode(column: "day", as: String.self))
    }
  }

  public func saveReminderSnooze(_ snooze: ReminderSnoozeRecord) async throws {
    try await engine.transaction { database in
      try await database.raw(
        "INSERT INTO reminder_snoozes (id, account_id, habit_id, day, due_at) VALUES (\(bind: snooze.id), \(bind: snooze.accountID), \(bind: snooze.habitID), \(bind: snooze.day), \(bind: snooze.dueAt))"
      ).run()
    }
  }

  /// The snoozes due by `time`, oldest first.
  public func dueReminderSnoozes(by time: Int64) async throws -> [ReminderSnoozeRecord] {
    try await engine.read { database in
      try await database.raw(
        "SELECT id, account_id, habit_id, day, due_at FROM reminder_snoozes WHERE due_at <= \(bind: time) ORDER BY due_at, id"
      ).all().map {
        ReminderSnoozeRecord(
          id: try $0.decode(column: "id", as: String.self),
          accountID: try $0.decode(column: "account_id", as: String.self),
          habitID: try $0.decode(column: "habit_id", as: String.self),
          day: try $0.decode(column: "day", as: String.self),
          dueAt: try $0.decode(column: "due_at", as: Int64.self))
      }
    }
  }

  public func deleteReminderSnooze(id: String) async throws {
    try await engine.transaction { database in
      try await database.raw("DELETE FROM reminder_snoozes WHERE id = \(bind: id)").run()
    }
  }
}
