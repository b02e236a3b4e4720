import Foundation
import SQLKit

/// Why a session or personal token ended, kept so a device still holding it can be told in words.
public enum SessionEndReason: String, Sendable, CaseIterable {
  case passwordChanged = "password_changed"
  case signedOutEverywhere = "signed_out_everywhere"
  case tokenRevoked = "token_revoked"
  case accountDeleted = "account_deleted"
}

extension HabitStore {
  /// How long an ended token's reason is remembered (30 days); older ones are pruned.
  public static let endedSessionMemory: Int64 = 30 * 24 * 60 * 60 * 1000

  /// Why the session or token with this hash ended, if it ended for a reason within the last
  /// 30 days; nil for a token never known or long gone.
  public func endedSession(tokenHash: String) async throws -> SessionEndReason? {
    let since = Self.nowMilliseconds() - Self.endedSessionMemory
    return try await engine.read { database in
      guard
        let row = try await database.raw(
          "SELECT reason FROM ended_sessions WHERE token_hash = \(bind: tokenHash) AND ended_at >= \(bind: since)"
        ).first()
      else { return nil }
      return SessionEndReason(rawValue: try row.decode(column: "reason", as: String.self))
    }
  }

  /// Notes, before they are deleted, the hashes of the account's sessions that `condition`
  /// selects (the account's own, except `keeping`, or only `only`), and prunes old notes.
  static func noteEnded(
    account: String, keeping: String? = nil, only: String? = nil,
    kind: SessionRecord.Kind? = nil, because reason: SessionEndReason,
    in database: any SQLDatabase
  ) async throws {
    let now = nowMilliseconds()
    try await database.raw(
      "DELETE FROM ended_sessions WHERE ended_at < \(bind: now - endedSessionMemory)"
    ).run()
    try await database.raw(
      "INSERT INTO ended_sessions (token_hash, reason, ended_at) SELECT token_hash, \(bind: reason.rawValue), \(bind: now) FROM sessions WHERE account_id = \(bind: account) AND token_hash <> \(bind: keeping ?? "") AND (\(bind: only ?? "") = '' OR token_hash = \(bind: only ?? "")) AND (\(bind: kind?.rawValue ?? "") = '' OR kind = \(bind: kind?.rawValue ?? "")) ON CONFLICT (token_hash) DO UPDATE SET reason = excluded.reason, ended_at = excluded.ended_at"
    ).run()
  }

  static func nowMilliseconds() -> Int64 { Int64(Date().timeIntervalSince1970 * 1000) }
}
