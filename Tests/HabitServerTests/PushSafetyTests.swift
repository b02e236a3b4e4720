import Foundation
import HTTPTypes
import HabitStore
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import HabitServer

/// A push service stand-in on loopback that answers each path its own way: `/push/…` takes the
/// message, `/gone/…` answers 410, `/broken/…` 500, `/redirect/…` 307 to `/internal`, which
/// records whoever reaches it (a server that follows redirects).
private final class ScriptedPushService: Sendable {
  private let paths = Mutex<[String]>([])

  var received: [String] { paths.withLock { $0 } }

  func run(_ body: @escaping @Sendable (_ base: String) async throws -> Void) async throws {
    let router = Router()
    router.post("push/:device") { request, _ in self.note(request, .created) }
    router.post("gone/:device") { request, _ in self.note(request, .gone) }
    router.post("broken/:device") { request, _ in self.note(request, .internalServerError) }
    router.post("redirect/:device") { request, _ -> Response in
      _ = self.note(request, .ok)
      return Response(
        status: .temporaryRedirect, headers: [.location: "/internal"])
    }
    router.on("internal", method: .post) { request, _ in self.note(request, .ok) }
    router.on("internal", method: .get) { request, _ in self.note(request, .ok) }
    try await Application(router: router).test(.live) { client in
      try await body("http://127.0.0.1:\(client.port!)")
    }
  }

  private func note(_ request: Request, _ status: HTTPResponse.Status) -> Response {
    paths.withLock { $0.append(request.uri.path) }
    return Response(status: status)
  }
}

/// Counts TCP connections to a port on loopback: proof that the server never even connected.
private final class ConnectionCounter: Sendable {
  private let count = Atomic<Int>(0)

  var connections: Int { count.load(ordering: .relaxed) }

  func run(_ body: (_ port: Int) async throws -> Void) async throws {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .childChannelInitializer { channel in
        self.count.add(1, ordering: .relaxed)
        return channel.close()
      }
      .bind(host: "127.0.0.1", port: 0).get()
    do {
      try await body(channel.localAddress!.port!)
    } catch {
      try? await channel.close()
      throw error
    }
    try await channel.close()
  }
}

/// Web Push may never be turned against the server's own network: what a subscription may name,
/// what a send may reach, and how much one account can make the server send.
@Suite struct PushSafetyTests {
  private static func allowingLoopback(_ configuration: inout ServerConfiguration) {
    configuration.pushAllowsLoopbackHTTP = true
  }

  @Test func subscriptionsToInternalAddressesAreRefused() async throws {
    try await withServer { client in
      let token = try await client.register("internal@example.com")
      let browser = TestBrowser()
      let internalEndpoints = [
        "https://127.0.0.1/x", "https://127.1.2.3:8443/x", "https://localhost/x",
        "https://169.254.169.254/latest/meta-data", "https://10.0.0.1/x", "https://172.16.5.4/x",
        "https://192.168.1.1/x", "https://100.64.0.1/x", "https://0.0.0.0/x", "https://224.0.0.1/x",
        "https://192.0.2.10/x", "https://[::1]/x", "https://[::]/x", "https://[fe80::1]/x",
        "https://[fc00::1]/x", "https://[fd12:3456::1]/x", "https://[ff02::1]/x",
        "https://[::ffff:127.0.0.1]/x", "https://[::ffff:a9fe:a9fe]/x", "https://2130706433/x",
        "https://0x7f000001/x", "https://[2001:db8::1]/x",
      ]
      for endpoint in internalEndpoints {
        let response = try await client.call(
          .post, "/api/v1/push/subscriptions", token: token,
          json: browser.subscription(endpoint: endpoint, zone: "UTC"))
        #expect(response.status == .unprocessableContent, "\(endpoint): \(response.text)")
        #expect(response.errorCode == "invalid_endpoint", "\(endpoint): \(response.text)")
      }
      let list = try await client.call(.get, "/api/v1/push/subscriptions", token: token)
      #expect(list.json["subscriptions"].array.isEmpty)
    }
  }

  @Test func withoutTheTestSettingLoopbackIsRefusedOverHTTPAndHTTPS() async throws {
    try await withServer { client in
      let token = try await client.register("loopback@example.com")
      for endpoint in ["http://127.0.0.1:9/push/a", "https://127.0.0.1:9/push/a"] {
        let response = try await client.call(
          .post, "/api/v1/push/subscriptions", token: token,
          json: TestBrowser().subscription(endpoint: endpoint, zone: "UTC"))
        #expect(response.status == .unprocessableContent, "\(endpoint): \(response.text)")
      }
    }
  }

  /// A subscription saved before these rules (or a name that resolves elsewhere since) is
  /// checked again when a message goes out: the server resolves, refuses, and never connects.
  @Test func aSendToANameThatResolvesToLoopbackNeverConnects() async throws {
    let counter = ConnectionCounter()
    try await counter.run { port in
      try await withServices { services in
        let account = try await Self.account(in: services.store)
        for endpoint in ["https://localhost:\(port)/push/a", "http://127.0.0.1:\(port)/push/b"] {
          try await services.store.savePushSubscription(
            Self.record(account: account, endpoint: endpoint, browser: TestBrowser()))
        }
        let report = try await services.push.send([1, 2, 3], toAccount: account)
        #expect(report.sent == 0)
        #expect(report.failed == 2)
      }
    }
    #expect(counter.connections == 0)
  }

  @Test func redirectsAreNeverFollowed() async throws {
    let service = ScriptedPushService()
    try await service.run { base in
      try await withServer(configure: Self.allowingLoopback) { client in
        let token = try await client.register("redirect@example.com")
        let subscribed = try await client.call(
          .post, "/api/v1/push/subscriptions", token: token,
          json: TestBrowser().subscription(endpoint: base + "/redirect/a", zone: "UTC"))
        #expect(subscribed.status == .created, "\(subscribed.text)")
        let test = try await client.call(.post, "/api/v1/push/test", token: token)
        #expect(test.json["sent"].int == 0, "\(test.text)")
        #expect(test.json["failed"].int == 1, "\(test.text)")
      }
    }
    #expect(service.received == ["/redirect/a"])
  }

  @Test func theAnswerToATestSaysOnlyHowManyDevicesItReached() async throws {
    let service = ScriptedPushService()
    try await service.run { base in
      try await withServer(configure: Self.allowingLoopback) { client in
        let token = try await client.register("answer@example.com")
        for path in ["/push/a", "/gone/b", "/broken/c"] {
          let subscribed = try await client.call(
            .post, "/api/v1/push/subscriptions", token: token,
            json: TestBrowser().subscription(endpoint: base + path, zone: "UTC"))
          #expect(subscribed.status == .created, "\(subscribed.text)")
        }
        let test = try await client.call(.post, "/api/v1/push/test", token: token)
        #expect(test.status == .ok)
        guard case .object(let members) = test.json else {
          Issue.record("not an object: \(test.text)")
          return
        }
        #expect(members.map(\.0).sorted() == ["failed", "sent"], "\(test.text)")
        #expect(test.json["sent"].int == 1)
        #expect(test.json["failed"].int == 2)
        let list = try await client.call(.get, "/api/v1/push/subscriptions", token: token)
        #expect(list.json["subscriptions"].array.count == 2, "the gone one is forgotten")
      }
    }
  }

  @Test func testMessagesAreRateLimitedPerAccount() async throws {
    let allowed = PushRoutes.testsPerWindow
    let service = ScriptedPushService()
    try await service.run { base in
      try await withServer(configure: Self.allowingLoopback) { client in
        let token = try await client.register("tests@example.com")
        let other = try await client.register("tests-other@example.com")
        _ = try await client.call(
          .post, "/api/v1/push/subscriptions", token: token,
          json: TestBrowser().subscription(endpoint: base + "/push/a", zone: "UTC"))
        var statuses: [HTTPResponse.Status] = []
        var retryAfter: String?
        for _ in 0..<(allowed + 3) {
          let response = try await client.call(.post, "/api/v1/push/test", token: token)
          statuses.append(response.status)
          if response.status == .tooManyRequests { retryAfter = response.headers[.retryAfter] }
        }
        #expect(statuses.prefix(allowed).allSatisfy { $0 == .ok }, "\(statuses)")
        #expect(statuses.dropFirst(allowed).allSatisfy { $0 == .tooManyRequests })
        #expect(Int(retryAfter ?? "") ?? 0 > 0)
        let theirs = try await client.call(.post, "/api/v1/push/test", token: other)
        #expect(theirs.status == .ok, "another account has its own allowance")
      }
    }
    #expect(service.received.count == allowed)
  }

  @Test func anAccountHasABoundedNumberOfDevices() async throws {
    try await withServer { client in
      let token = try await client.register("many@example.com")
      for index in 0..<PushRoutes.maximumDevices {
        let made = try await client.call(
          .post, "/api/v1/push/subscriptions", token: token,
          json: TestBrowser().subscription(
            endpoint: "https://push.example.net/send/\(index)", zone: "UTC"))
        #expect(made.status == .created, "\(made.text)")
      }
      let more = try await client.call(
        .post, "/api/v1/push/subscriptions", token: token,
        json: TestBrowser().subscription(endpoint: "https://push.example.net/send/x", zone: "UTC"))
      #expect(more.status == .unprocessableContent)
      #expect(more.errorCode == "too_many_devices")
    }
  }

  @Test func anotherAccountsEndpointCanNeitherBeTakenNorDeleted() async throws {
    try await withServer { client in
      let owner = try await client.register("owner@example.com")
      let intruder = try await client.register("intruder@example.com")
      let endpoint = "https://push.example.net/send/owned"
      let made = try await client.call(
        .post, "/api/v1/push/subscriptions", token: owner,
        json: TestBrowser().subscription(endpoint: endpoint, zone: "UTC", name: "Mine"))
      #expect(made.status == .created)
      let taken = try await client.call(
        .post, "/api/v1/push/subscriptions", token: intruder,
        json: TestBrowser().subscription(endpoint: endpoint, zone: "UTC", name: "Theirs"))
      #expect(taken.status == .conflict, "\(taken.text)")
      #expect(taken.errorCode == "endpoint_in_use")
      let list = try await client.call(.get, "/api/v1/push/subscriptions", token: owner)
      #expect(list.json["subscriptions"][0]["name"].string == "Mine")
      let theirs = try await client.call(.get, "/api/v1/push/subscriptions", token: intruder)
      #expect(theirs.json["subscriptions"].array.isEmpty)
      let again = try await client.call(
        .post, "/api/v1/push/subscriptions", token: owner,
        json: TestBrowser().subscription(endpoint: endpoint, zone: "Europe/Paris", name: "Mine"))
      #expect(again.status == .created, "the owner may register its own endpoint again")
    }
  }

  // MARK: Helpers

  /// Services on a fresh SQLite file without the loopback test setting, as a real server runs.
  private func withServices(_ body: (HabitServices) async throws -> Void) async throws {
    let configuration = testConfiguration()
    try FileManager.default.createDirectory(
      atPath: configuration.dataDirectory, withIntermediateDirectories: true)
    var logger = Logger(label: "habitflow-test")
    logger.logLevel = .critical
    let store = try await HabitStore.open(configuration.databaseLocation, logger: logger)
    let services = HabitServices(
      configuration: configuration, store: store, clock: testClock, logger: logger)
    do {
      try await body(services)
    } catch {
      try? await store.close()
      throw error
    }
    try await store.close()
  }

  private static func account(in store: HabitStore) async throws -> String {
    let id = UUID().uuidString
    try await store.createAccount(
      AccountRecord(id: id, email: "\(id)@example.com", passwordHash: "-", createdAt: 0))
    return id
  }

  private static func record(account: String, endpoint: String, browser: TestBrowser)
    -> PushSubscriptionRecord
  {
    PushSubscriptionRecord(
      id: UUID().uuidString, accountID: account, endpoint: endpoint, p256dh: browser.p256dh,
      auth: browser.authText, name: "Phone", timeZone: "UTC", createdAt: 0)
  }
}
