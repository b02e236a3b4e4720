import AsyncHTTPClient
import Foundation
import HabitSync
import HabitTestSupport
import NIOCore
import NIOHTTP1
import Testing

/// A real `habit serve` process (built next to the test binary) on a free port, started and
/// awaited off Swift's cooperative thread pool.
final class ServerProcess: Sendable {
  let child: ChildProcess
  let url: String

  /// `HABITFLOW_TEST_HABIT` runs the process tests against another build (an older release, to
  /// show a test fails there).
  static var executable: String {
    if let other = ProcessInfo.processInfo.environment["HABITFLOW_TEST_HABIT"] { return other }
    return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
      .appendingPathComponent("habit").path
  }

  /// Starts the server and waits for the line with its address.
  init(dataDirectory: String? = nil, databaseURL: String? = nil) async throws {
    var arguments = ["serve", "--port", "0", "--password-cost", "4", "--log-level", "warning"]
    if let dataDirectory { arguments += ["--data-dir", dataDirectory] }
    if let databaseURL { arguments += ["--database-url", databaseURL] }
    child = try ChildProcess(Self.executable, arguments, output: .capture)
    let text = await child.output(containing: "\n", within: .seconds(60))
    guard let range = text.range(of: "running at "),
      let end = text[range.upperBound...].firstIndex(of: " ")
    else {
      await child.kill()
      throw Failure(description: "the server did not start: \(text)")
    }
    url = String(text[range.upperBound..<end])
  }

  /// Runs `body` with a started server and stops the server afterwards, on every path.
  static func running<Result>(
    dataDirectory: String? = nil, databaseURL: String? = nil,
    _ body: (ServerProcess) async throws -> Result
  ) async throws -> Result {
    let server = try await ServerProcess(dataDirectory: dataDirectory, databaseURL: databaseURL)
    return try await closing(server, close: { await $0.stop() }, body)
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  var isRunning: Bool { child.isRunning }

  func kill() async {
    await child.kill()
  }

  /// Sends SIGTERM and answers how the server ended, or nil when it still runs after `limit`.
  func terminate(within limit: Duration) async -> ChildProcess.Termination? {
    child.send(SIGTERM)
    return await child.exit(within: limit)
  }

  /// Interrupts the server and waits for it to end (killing it after ten seconds).
  func stop() async {
    child.send(SIGINT)
    if await child.exit(within: .seconds(10)) == nil { await child.kill() }
  }
}

/// A small HTTP client over AsyncHTTPClient for process tests.
struct API: Sendable {
  let client: HTTPClient
  let base: String

  struct Reply: Sendable {
    let status: Int
    let json: JSON
  }

  func call(
    _ method: HTTPMethod, _ path: String, token: String? = nil, json: String? = nil,
    timeout: TimeAmount = .seconds(60)
  ) async throws -> Reply {
    var request = HTTPClientRequest(url: base + path)
    request.method = method
    if let token { request.headers.add(name: "Authorization", value: "Bearer " + token) }
    if let json {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(string: json))
    }
    let response = try await client.execute(request, timeout: timeout)
    let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
    return Reply(
      status: Int(response.status.code),
      json: (try? JSONParser.parse(String(buffer: body))) ?? .null)
  }

  func register(_ email: String) async throws -> String {
    let reply = try await call(
      .POST, "/api/v1/accounts", json: #"{"email":"\#(email)","password":"correct horse"}"#)
    return try #require(reply.json["token"].string)
  }

  func login(_ email: String) async throws -> String {
    let reply = try await call(
      .POST, "/api/v1/sessions", json: #"{"email":"\#(email)","password":"correct horse"}"#)
    return try #require(reply.json["token"].string)
  }
}

/// Runs `body` with an HTTP client that is shut down afterwards, whatever happens.
func withHTTPClient<Result>(_ body: (HTTPClient) async throws -> Result) async throws -> Result {
  let client = HTTPClient(eventLoopGroupProvider: .singleton)
  do {
    let result = try await body(client)
    try await client.shutdown()
    return result
  } catch {
    try? await client.shutdown()
    throw error
  }
}
