import Foundation
import HabitCore
import HabitStore
import Logging
import ServiceLifecycle
import Synchronization

/// Sends each due reminder once, in the account's time zone, and the "Later"s when they come due.
/// Every server runs one; a send is claimed in the database under a unique key before it goes
/// out, so with several servers on one database each reminder still goes out once.
final class ReminderScheduler: Service, Sendable {
  private let services: HabitServices
  private let delivery: PushDelivery
  /// Opens once the schema is up to date; nothing is queried before.
  private let ready: StoreReadiness
  private let logger: Logger
  /// The instant the last look covered up to; nil before the first.
  private let lastLook = Mutex<Int64?>(nil)
  /// A server that was down catches up on reminders this much late, no more.
  static let catchUp: Int64 = 10 * 60 * 1000
  /// Claims and used action URLs are kept this long (the days they were for are over).
  static let retention: Int64 = 3 * 24 * 3600 * 1000
  static let laterDelay: Int64 = 10 * 60 * 1000

  init(
    services: HabitServices, delivery: PushDelivery,
    ready: StoreReadiness = StoreReadiness(open: true),
    logger: Logger
  ) {
    self.services = services
    self.delivery = delivery
    self.ready = ready
    self.logger = logger
  }

  func run() async throws {
    let interval = Duration.seconds(max(1, services.configuration.reminderInterval))
    await cancelWhenGracefulShutdown {
      // The database is migrated as the server starts, beside this service: wait for it.
      guard await self.ready.wait() else { return }
      // A key that cannot be read or made is tried again each round, and reported only once
      // it has failed three.
      var keyFailures = 0
      while !Task.isCancelled {
        if keyFailures >= 0 {
          do {
            _ = try await self.delivery.vapid()
            keyFailures = -1
          } catch {
            keyFailures += 1
            if keyFailures == 3 {
              self.logger.error(
                "the VAPID key could not be read or made",
                metadata: ["error": "\(ErrorSummary.of(error))"])
            }
          }
        }
        do {
          try await self.look()
        } catch {
          self.logger.warning(
            "reminders not sent this round", metadata: ["error": "\(ErrorSummary.of(error))"])
        }
        try? await Task.sleep(for: interval)
      }
    }
  }

  /// Sends what came due since the last look (at most `catchUp` ago) up to the clock's now;
  /// returns how many reminders were sent.
  @discardableResult
  func look() async throws -> Int {
    let now = services.clock.now()
    let start = lastLook.withLock { last in
      let start = max(last ?? now - Self.catchUp, now - Self.catchUp)
      last = now
      return start
    }
    try await services.store.pruneReminderRecords(before: now - Self.retention)
    var sent = 0
    for account in try await services.store.accountsWithPushSubscriptions() {
      sent += try await sendDue(account: account, after: start, through: now)
    }
    sent += try await sendSnoozes(now: now)
    return sent
  }

  /// The account's time zone: the one its most recently subscribed device reported.
  private func zone(account: String) async throws -> TimeZone? {
    let subscriptions = try await services.store.pushSubscriptions(account: account)
    return subscriptions.last.flatMap { TimeZone(identifier: $0.timeZone) }
  }

  private func sendDue(account: String, after start: Int64, through end: Int64) async throws
    -> Int
  {
    guard let zone = try await zone(account: account) else { return 0 }
    let stretches = LocalTime.stretches(after: start, through: end, in: zone)
    guard !stretches.isEmpty else { return 0 }
    let due = try await services.workspaces.workspace(account).read { tracker, _ in
      stretches.flatMap { tracker.dueReminders(on: $0.day, after: $0.after, through: $0.through) }
        .compactMap { reminder in tracker.habit(reminder.habit).map { (reminder, $0) } }
    }
    var sent = 0
    for (reminder, habit) in due {
      let key = "\(account)/\(reminder.habit.rawValue)/\(reminder.day.iso)/\(reminder.time.text)"
      guard try await services.store.claimReminderSend(key, account: account, at: end) else {
        continue
      }
      let payload = try await ReminderMessage.payload(
        for: habit, day: reminder.day, time: reminder.time, account: account,
        store: services.store, now: end)
      _ = try await delivery.send(payload, toAccount: account)
      sent += 1
    }
    return sent
  }

  private func sendSnoozes(now: Int64) async throws -> Int {
    var sent = 0
    for snooze in try await services.store.dueReminderSnoozes(by: now) {
      guard
        try await services.store.claimReminderSend(
          "later/\(snooze.id)", account: snooze.accountID, at: now)
      else { continue }
      try await services.store.deleteReminderSnooze(id: snooze.id)
      guard let day = Day(iso: snooze.day) else { continue }
      let id = HabitID(snooze.habitID)
      let habit = try await services.workspaces.workspace(snooze.accountID).read { tracker, _ in
        tracker.stillReminds(id, on: day) ? tracker.habit(id) : nil
      }
      guard let habit else { continue }
      let payload = try await ReminderMessage.payload(
        for: habit, day: day, time: nil, account: snooze.accountID, store: services.store,
        now: now)
      _ = try await delivery.send(payload, toAccount: snooze.accountID)
      sent += 1
    }
    return sent
  }
}
