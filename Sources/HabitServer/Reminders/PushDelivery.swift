import AsyncHTTPClient
import Crypto
import Foundation
import HabitStore
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// Sends Web Push messages to an account's devices: encrypted for each browser, signed with the
/// server's VAPID key; subscriptions the push service reports gone are forgotten. A message goes
/// only to a public address checked just before it is sent, and no redirect is followed.
final class PushDelivery: Sendable {
  enum Failure: Error {
    case badEndpoint
  }

  /// What one account's devices made of a message: how many it reached and how many it did not,
  /// for whatever reason (the reason is logged, never told to the client).
  struct Report: Sendable {
    var sent = 0
    var failed = 0
  }

  private let store: HabitStore
  private let subject: String
  /// Lets messages go to this machine: only for tests that run a push service stand-in.
  private let allowsLoopback: Bool
  private let clock: WallClock
  private let logger: Logger
  private let vapidCache = Mutex<VAPID?>(nil)
  /// How long a push service may take to answer one message.
  static let timeout: TimeAmount = .seconds(5)
  /// How long a push service keeps a message for a device that is offline: a reminder an hour
  /// late is still worth showing; a day late it is noise.
  static let timeToLive = 3600

  init(
    store: HabitStore, subject: String, allowsLoopback: Bool = false, clock: WallClock,
    logger: Logger
  ) {
    self.store = store
    self.subject = subject
    self.allowsLoopback = allowsLoopback
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
        if outcome == .delivered { report.sent += 1 } else { report.failed += 1 }
      }
      return report
    }
  }

  enum Outcome: Equatable {
    case delivered
    case gone
    case failed
  }

  /// Sends one message to one device, to the address its endpoint resolves to now (refused when
  /// that is not a public one); a 404 or 410 from the push service deletes the subscription.
  func send(_ payload: [UInt8], to subscription: PushSubscriptionRecord) async -> Outcome {
    let destination: PushDestination
    do {
      destination = try await PushDestination.resolve(
        subscription.endpoint, allowingLoopback: allowsLoopback)
    } catch {
      logger.warning(
        "push message not sent",
        metadata: ["reason": "\(error)", "subscription": "\(subscription.id)"])
      return .failed
    }
    let client = HTTPClient(
      eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
      configuration: Self.configuration(pinning: destination))
    let outcome = await send(payload, to: subscription, with: client)
    try? await client.shutdown()
    return outcome
  }

  /// A client that connects only to the checked address (certificates are still checked for
  /// the endpoint's host) and follows no redirect.
  private static func configuration(pinning destination: PushDestination)
    -> HTTPClient.Configuration
  {
    var configuration = HTTPClient.Configuration(
      tlsConfiguration: nil, redirectConfiguration: .disallow,
      timeout: .init(connect: timeout, read: timeout), connectionPool: .init(), proxy: nil,
      decompression: .disabled)
    configuration.dnsOverride = [destination.host: destination.address]
    return configuration
  }

  private func send(
    _ payload: [UInt8], to subscription: PushSubscriptionRecord, with client: HTTPClient
  ) async -> Outcome {
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
      let response = try await client.execute(request, timeout: Self.timeout)
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
