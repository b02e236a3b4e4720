import AsyncHTTPClient
import Foundation
import HabitSync
import NIOCore
import NIOHTTP1
import Testing

/// A real `habit serve` process (built next to the test binary) on a free port.
final class ServerProcess: @unchecked Sendable {
  let process = Process()
  let url: String
  private let output = Pipe()

  /// `HABITFLOW_TEST_HABIT` runs the process tests against another build (an older release, to
  /// show a test fails there).
  static var executable: String {
    if let other = ProcessInfo.processInfo.environment["HABITFLOW_TEST_HABIT"] { return other }
    return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
      .appendingPathComponent("habit").path
  }

  /// Starts the server and waits for the line with its address.
  init(dataDirectory: String? = nil, databaseURL: String? = nil) throws {
    process.executableURL = URL(fileURLWithPath: Self.executable)
    var arguments = ["serve", "--port", "0", "--password-cost", "4", "--log-level", "warning"]
    if let dataDirectory { arguments += ["--data-dir", dataDirectory] }
    if let databaseURL { arguments += ["--database-url", databaseURL] }
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var text = ""
    let handle = output.fileHandleForReading
    let deadline = Date().addingTimeInterval(60)
    while !text.contains("\n") && Date() < deadline {
      let data = handle.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    guard let range = text.range(of: "running at "),
      let end = text[range.upperBound...].firstIndex(of: " ")
    else {
      process.terminate()
      throw Failure(description: "the server did not start: \(text)")
    }
    url = String(text[range.upperBound..<end])
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  func kill() {
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  func stop() {
    process.interrupt()
    process.waitUntilExit()
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
