import AsyncHTTPClient
import Crypto
import Foundation
import HabitStore
import Logging
import NIOCore
import Synchronization

/// Sends Web Push messages to an account's devices: encrypted for each browser, signed with the
/// server's VAPID key; subscriptions the push service reports gone are forgotten.
final class PushDelivery: Sendable {
  enum Failure: Error {
    case badEndpoint
  }

  /// What one account's devices made of a message.
  struct Report: Sendable {
    var sent = 0
    var removed = 0
    var failed = 0
  }

  private let store: HabitStore
  private let subject: String
  private let clock: WallClock
  private let logger: Logger
  private let vapidCache = Mutex<VAPID?>(nil)
  /// How long a push service may take to answer one message.
  static let timeout: TimeAmount = .seconds(5)
  /// How long a push service keeps a message for a device that is offline: a reminder an hour
  /// late is still worth showing; a day late it is noise.
  static let timeToLive = 3600

  init(store: HabitStore, subject: String, clock: WallClock, logger: Logger) {
    self.store = store
    self.subject = subject
    self.clock = clock
    self.logger = logger
  }

  /// The server's VAPID key: read from the database, made and saved there the first time.
  func vapid() async throws -> VAPID {
    if let cached = vapidCache.withLock({ $0 }) { return cached }
    let subject = self.subject
    let stored = try await store.serverKey("vapid-private-key") {
      VAPID(key: P256.Signing.PrivateKey(), subject: subject).storedKey
    }
    guard let vapid = VAPID(stored: stored, subject: subject) else {
      throw StoreError.corruptRow("vapid-private-key")
    }
    vapidCache.withLock { $0 = vapid }
    return vapid
  }

  /// Sends `payload` to every device of the account at once, so one slow push service delays
  /// none of the others.
  func send(_ payload: [UInt8], toAccount account: String) async throws -> Report {
    let subscriptions = try await store.pushSubscriptions(account: account)
    return await withTaskGroup(of: Outcome.self) { group in
      for subscription in subscriptions {
        group.addTask { await self.send(payload, to: subscription) }
      }
      var report = Report()
      for await outcome in group {
        switch outcome {
        case .delivered: report.sent += 1
        case .gone: report.removed += 1
        case .failed: report.failed += 1
        }
      }
      return report
    }
  }

  enum Outcome: Equatable {
    case delivered
    case gone
    case failed
  }

  /// Sends one message to one device; a 404 or 410 from the push service deletes the
  /// subscription.
  func send(_ payload: [UInt8], to subscription: PushSubscriptionRecord) async -> Outcome {
    do {
      guard let endpoint = URL(string: subscription.endpoint),
        let browserKey = Base64URL.decode(subscription.p256dh),
        let auth = Base64URL.decode(subscription.auth)
      else { throw Failure.badEndpoint }
      let body = try WebPushEncryption.encrypt(payload, browserKey: browserKey, authSecret: auth)
      var request = HTTPClientRequest(url: subscription.endpoint)
      request.method = .POST
      request.headers.add(
        name: "Authorization",
        value: try await vapid().authorization(endpoint: endpoint, now: clock.now()))
      request.headers.add(name: "Content-Encoding", value: "aes128gcm")
      request.headers.add(name: "Content-Type", value: "application/octet-stream")
      request.headers.add(name: "TTL", value: String(Self.timeToLive))
      request.headers.add(name: "Urgency", value: "normal")
      request.body = .bytes(ByteBuffer(bytes: body))
      let response = try await HTTPClient.shared.execute(request, timeout: Self.timeout)
      _ = try? await response.body.collect(upTo: 64 * 1024)
      switch response.status.code {
      case 200..<300:
        return .delivered
      case 404, 410:
        try await store.deletePushSubscription(endpoint: subscription.endpoint)
        return .gone
      default:
        logger.warning(
          "push service refused a message",
          metadata: ["status": "\(response.status.code)", "subscription": "\(subscription.id)"])
        return .failed
      }
    } catch {
      logger.warning(
        "push message not sent",
        metadata: ["error": "\(error)", "subscription": "\(subscription.id)"])
      return .failed
    }
  }
}
