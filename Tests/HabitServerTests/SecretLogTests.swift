import Foundation
import HTTPTypes
import HabitStore
import Hummingbird
import HummingbirdTesting
import Logging
import SQLKit
import Synchronization
import Testing

@testable import HabitServer

/// Every log line a server writes, at every level, rendered with its metadata.
final class LogCapture: Sendable {
  private let lines = Mutex<[String]>([])

  var all: [String] { lines.withLock { $0 } }

  func append(_ line: String) { lines.withLock { $0.append(line) } }

  /// A logger at trace level whose every line lands here.
  func logger() -> Logger {
    var logger = Logger(label: "habitflow-secret-test") { _ in Handler(capture: self) }
    logger.logLevel = .trace
    return logger
  }

  private struct Handler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      let all = metadata.merging(event.metadata ?? [:]) { $1 }
      let rendered = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      capture.append(
        "\(event.level) [\(event.source)] \(event.message) " + rendered.joined(separator: " "))
    }
  }
}

/// The secrets a test saw, by what they are.
private final class SecretList: Sendable {
  private let secrets = Mutex<[String: String]>([:])

  var all: [String: String] { secrets.withLock { $0 } }

  @Sendable func keep(_ name: String, _ value: String?) {
    if let value, !value.isEmpty { secrets.withLock { $0[name] = value } }
  }
}

/// No secret reaches a log at any level: the server runs at trace level while a person signs up
/// and in, makes a token, subscribes a browser to push, polls the calendar feed, changes the
/// password and signs out everywhere; then every secret involved is looked for in every line.
@Suite struct SecretLogTests {
  static var databases: [String?] {
    [nil] + [ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"]].compactMap { $0 }
  }

  @Test(arguments: databases)
  func noSecretIsLoggedAtAnyLevel(databaseURL: String?) async throws {
    let capture = LogCapture()
    let configuration = {
      var configuration = testConfiguration(databaseURL: databaseURL)
      configuration.pushAllowsLoopbackHTTP = true
      return configuration
    }()
    let email = "secret-\(UUID().uuidString.prefix(8))@example.com".lowercased()
    let secrets = SecretList()
    let keep = secrets.keep
    let pushService = PushStandIn()
    try await pushService.run { base in
      let app = try await buildApplication(configuration, logger: capture.logger())
      try await app.test(.live) { client in
        let registered = try await client.call(
          .post, "/api/v1/accounts",
          json: #"{"email":"\#(email)","password":"first secret pass"}"#)
        #expect(registered.status == .created)
        let token = try #require(registered.json["token"].string)
        keep("session token", token)
        keep("csrf token", registered.json["csrfToken"].string)
        let cookie =
          "habitflow_session=\(token); habitflow_csrf=\(registered.json["csrfToken"].string ?? "")"
        let viaCookie = try await client.call(
          .post, "/api/v1/tokens", json: #"{"name":"cli"}"#,
          headers: [
            .cookie: cookie,
            HTTPField.Name("X-CSRF-Token")!: registered.json["csrfToken"].string ?? "",
          ])
        #expect(viaCookie.status == .created, "\(viaCookie.text)")
        let apiToken = try #require(viaCookie.json["token"].string)
        keep("API token", apiToken)
        #expect(try await client.call(.get, "/api/v1/account", token: apiToken).status == .ok)
        let signedIn = try await client.call(
          .post, "/api/v1/sessions",
          json: #"{"email":"\#(email)","password":"first secret pass"}"#)
        keep("second session token", signedIn.json["token"].string)
        #expect(try await client.call(.get, "/api/v1/push/key", token: token).status == .ok)
        let browser = TestBrowser()
        keep("push auth secret", browser.authText)
        let subscribed = try await client.call(
          .post, "/api/v1/push/subscriptions", token: token,
          json: browser.subscription(endpoint: base + "/push/device-one", zone: "UTC"))
        #expect(subscribed.status == .created, "\(subscribed.text)")
        let tested = try await client.call(.post, "/api/v1/push/test", token: token)
        #expect(tested.json["sent"].int == 1, "\(tested.text)")
        let feed = try await client.call(.post, "/api/v1/calendar", token: token)
        let path = try #require(feed.json["path"].string)
        keep("calendar feed", String(path.dropFirst("/calendar/".count).dropLast(4)))
        for _ in 0..<2 { #expect(try await client.call(.get, path).status == .ok) }
        let changed = try await client.call(
          .put, "/api/v1/account/password", token: token,
          json: #"{"currentPassword":"first secret pass","newPassword":"second secret pass"}"#)
        #expect(changed.status == .ok || changed.status == .noContent, "\(changed.text)")
        if let new = changed.json["calendarFeed"]["path"].string {
          keep("replaced calendar feed", String(new.dropFirst("/calendar/".count).dropLast(4)))
          #expect(try await client.call(.get, new).status == .ok)
        }
        let wrong = try await client.call(
          .delete, "/api/v1/account", token: token, json: #"{"password":"a wrong guess here"}"#)
        #expect(wrong.status == .forbidden)
        #expect(try await client.call(.delete, "/api/v1/sessions", token: token).status.code < 300)
      }
    }
    var quiet = Logger(label: "habitflow-test")
    quiet.logLevel = .critical
    let store = try await HabitStore.open(configuration.databaseLocation, logger: quiet)
    let account = try #require(try await store.account(email: email))
    keep("bcrypt hash", account.passwordHash)
    keep("VAPID private key", try await store.serverKey("vapid-private-key") { "unused" })
    try await store.close()
    keep("first password", "first secret pass")
    keep("second password", "second secret pass")
    keep("wrong password", "a wrong guess here")

    let lines = capture.all
    #expect(lines.count > 10, "the server logged at trace level: \(lines.count) lines")
    #expect(
      lines.contains { $0.contains("/calendar/") },
      "the feed's polls are logged, without their secret")
    for (name, secret) in secrets.all {
      let leaks = lines.filter { $0.contains(secret) }
      #expect(leaks.isEmpty, "\(name) logged: \(leaks.prefix(3))")
    }
  }

  @Test func aFailedRequestIsLoggedByItsErrorsTypeWithoutTheRequestsData() async throws {
    let capture = LogCapture()
    let router = Router()
    router.add(middleware: ErrorMiddleware())
    router.post("fail") { request, _ -> String in
      let body = try await request.body.collect(upTo: 1024)
      throw RequestEcho(
        authorization: request.headers[.authorization] ?? "", body: String(buffer: body))
    }
    let app = Application(router: router, logger: capture.logger())
    try await app.test(.router) { client in
      let answer = try await client.execute(
        uri: "/fail", method: .post, headers: [.authorization: "Bearer tok-3f9a1c7e"],
        body: ByteBuffer(string: #"{"password":"pw-8d2b6e41"}"#))
      #expect(answer.status == .internalServerError)
      #expect(!String(buffer: answer.body).contains("pw-8d2b6e41"))
    }
    let failed = capture.all.filter { $0.contains("request failed") }
    #expect(failed.count == 1, "\(capture.all)")
    #expect(failed.allSatisfy { $0.contains("RequestEcho") }, "\(failed)")
    for secret in ["tok-3f9a1c7e", "pw-8d2b6e41"] {
      #expect(capture.all.allSatisfy { !$0.contains(secret) }, "\(secret) logged: \(failed)")
    }
  }

  /// A statement the database refuses is described without its bound values or the row's values
  /// (PostgreSQL's detail quotes the key: `Key (id)=(...) already exists`).
  @Test(arguments: databases)
  func aRefusedStatementIsDescribedWithoutItsValues(databaseURL: String?) async throws {
    let location =
      databaseURL
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "habitflow-\(UUID().uuidString).sqlite"
      ).path
    var quiet = Logger(label: "habitflow-test")
    quiet.logLevel = .critical
    let store = try await HabitStore.open(location, logger: quiet)
    let id = "acct-" + UUID().uuidString.lowercased()
    let email = "secret-\(UUID().uuidString.prefix(8))@example.com".lowercased()
    let hash = "$2b$04$" + UUID().uuidString
    do {
      try await store.createAccount(
        AccountRecord(id: id, email: email, passwordHash: hash, createdAt: 0))
      let refused = await #expect(throws: StoreError.self) {
        try await store.engine.transaction { database in
          try await database.raw(
            "INSERT INTO accounts (id, email, password_hash, created_at) VALUES (\(bind: id), \(bind: email + ".two"), \(bind: hash), 0)"
          ).run()
        }
      }
      let text = refused.map { ErrorSummary.of($0) } ?? ""
      #expect(!text.isEmpty)
      for secret in [id, email, hash] {
        #expect(!text.contains(secret), "\(text)")
        #expect(!"\(refused.map { "\($0)" } ?? "")".contains(secret))
      }
    } catch {
      try await store.close()
      throw error
    }
    try await store.close()
  }
}

/// An error that carries what the request sent, as a careless one would.
private struct RequestEcho: Error, CustomDebugStringConvertible {
  let authorization: String
  let body: String

  var debugDescription: String { "RequestEcho(authorization: \(authorization), body: \(body))" }
}
