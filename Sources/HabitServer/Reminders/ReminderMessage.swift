import HabitCore
import HabitStore
import HabitSync

/// The notification a reminder sends, as the service worker shows it: the habit, the day, a tag
/// (a "Later" replaces the first one), the actions, and `act`, a one-time URL the service worker
/// posts `{"action":"done"|"later"}` to without a session.
enum ReminderMessage {
  /// Where the action URLs live; `act` is this path and the secret (resolved against the app's
  /// origin by the service worker).
  static let actionPath = "/api/v1/push/actions/"
  /// How long "Done" and "Later" work after the notification was sent.
  static let actionLifetime: Int64 = 24 * 3600 * 1000

  /// Builds the payload for `habit` on `day` and keeps the hash of its action secret.
  static func payload(
    for habit: Habit, day: Day, time: ClockTime?, account: String, store: HabitStore, now: Int64
  ) async throws -> [UInt8] {
    let secret = Secrets.newToken()
    try await store.saveReminderAction(
      secretHash: Secrets.tokenHash(secret),
      ReminderActionRecord(accountID: account, habitID: habit.id.rawValue, day: day.iso),
      expiresAt: now + actionLifetime)
    let title = habit.emoji.isEmpty ? habit.title : habit.emoji + " " + habit.title
    let body =
      time.map { "\($0.text) · not done yet today" } ?? "A reminder you asked to see again"
    let json = JSON.object([
      ("title", .string(title)),
      ("body", .string(body)),
      ("habit", .string(habit.id.rawValue)),
      ("day", .string(day.iso)),
      ("tag", .string("habit-\(habit.id.rawValue)-\(day.iso)")),
      (
        "actions",
        .array([
          .object([("action", .string("done")), ("title", .string("Done"))]),
          .object([("action", .string("later")), ("title", .string("Later"))]),
        ])
      ),
      ("act", .string(actionPath + secret)),
    ])
    return Array(JSONWriter.write(json).utf8)
  }
}
