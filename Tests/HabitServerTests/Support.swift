import Foundation
import HTTPTypes
import HabitServer
import HabitSync
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

/// A server configuration on a fresh SQLite file, with cheap password hashing for speed.
func testConfiguration(databaseURL: String? = nil) -> ServerConfiguration {
  var configuration = ServerConfiguration(
    dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-server-\(UUID().uuidString)"
    ).path)
  configuration.port = 0
  configuration.passwordCost = 4
  configuration.databaseURL = databaseURL
  return configuration
}

/// The test PostgreSQL server's URL, or nil: then `test` is skipped here, and recorded as an
/// issue under CI, which must set it.
func testPostgresURL(for test: String) -> String? {
  let environment = ProcessInfo.processInfo.environment
  if let url = environment["HABITFLOW_TEST_POSTGRES_URL"] { return url }
  if environment["CI"] != nil {
    Issue.record("HABITFLOW_TEST_POSTGRES_URL is not set: \(test) cannot run")
  }
  return nil
}

/// Runs `test` against a server built exactly as `habit serve` builds it.
func withServer(
  _ setup: TestingSetup = .router, clock: WallClock = testClock,
  configure: (inout ServerConfiguration) -> Void = { _ in },
  _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
  var configuration = testConfiguration()
  configure(&configuration)
  var logger = Logger(label: "habitflow-test")
  logger.logLevel = .warning
  let app = try await buildApplication(configuration, clock: clock, logger: logger)
  try await app.test(setup) { client in try await test(client) }
}

extension TestClientProtocol {
  /// One API call with an optional bearer token and JSON body.
  @discardableResult
  func call(
    _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: String? = nil,
    headers: HTTPFields = [:]
  ) async throws -> TestResponse {
    var fields = headers
    if let token { fields[.authorization] = "Bearer " + token }
    if json != nil && fields[.contentType] == nil { fields[.contentType] = "application/json" }
    return try await execute(
      uri: uri, method: method, headers: fields, body: json.map { ByteBuffer(string: $0) })
  }

  /// Registers `email` and returns the session token.
  func register(_ email: String, password: String = "correct horse") async throws -> String {
    let response = try await call(
      .post, "/api/v1/accounts", json: #"{"email":"\#(email)","password":"\#(password)"}"#)
    #expect(response.status == .created, "registering \(email): \(response.text)")
    return try #require(response.json["token"].string)
  }

  /// Creates a habit from JSON members and returns its id.
  func createHabit(_ token: String, _ members: String = #""title":"Read","category":"health""#)
    async throws -> String
  {
    let response = try await call(.post, "/api/v1/habits", token: token, json: "{\(members)}")
    #expect(response.status == .created, "\(response.text)")
    return try #require(response.json["habit"]["id"].string)
  }
}

extension TestResponse {
  var text: String { String(buffer: body) }
  var json: JSON { (try? JSONParser.parse(text)) ?? .null }
  var errorCode: String? { json["error"]["code"].string }
}

extension JSON {
  subscript(_ name: String) -> JSON {
    if case .object(let members) = self { return members.first { $0.0 == name }?.1 ?? .null }
    return .null
  }

  subscript(_ index: Int) -> JSON {
    if case .array(let items) = self, index < items.count { return items[index] }
    return .null
  }

  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  var int: Int? {
    if case .number(let text) = self { return Int(text) }
    return nil
  }

  var bool: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  var array: [JSON] {
    if case .array(let items) = self { return items }
    return []
  }
}

/// A clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
  private let lock = NSLock()
  private var millis: Int64

  init(_ start: Int64 = 1_795_348_800_000) { millis = start }

  var wall: WallClock { WallClock { [self] in lock.withLock { millis } } }

  func advance(milliseconds: Int64) { lock.withLock { millis += milliseconds } }
}

let today = "2026-11-22"

/// The servers' wall clock in these tests: real time moved to begin at noon UTC on `today`, so
/// the days the tests write are the server's today whenever the suite runs (it ran green all day
/// on the 22nd and failed at midnight while the servers read the system clock).
let testClock: WallClock = {
  let noon: Int64 = 1_795_348_800_000
  let start = Int64(Date().timeIntervalSince1970 * 1000)
  return WallClock { noon + Int64(Date().timeIntervalSince1970 * 1000) - start }
}()
