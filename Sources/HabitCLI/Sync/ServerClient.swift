import AsyncHTTPClient
import Foundation
import HabitSync
import NIOCore
import NIOHTTP1

/// The server's API over HTTP: JSON in and out, its `{ "error": { "code", "message" } }`
/// answers turned into the person's words, and a server that cannot be reached said plainly.
struct ServerClient: Sendable {
  let server: String
  let token: String?
  let timeout: TimeAmount

  init(server: String, token: String?, timeout: TimeAmount = .seconds(20)) {
    var base = server
    while base.hasSuffix("/") { base.removeLast() }
    self.server = base
    self.token = token
    self.timeout = timeout
  }

  /// Checks the server address before anything is sent to it.
  static func validate(_ server: String) throws(CLIError) {
    guard let url = URL(string: server), let scheme = url.scheme,
      ["http", "https"].contains(scheme),
      url.host != nil
    else {
      throw CLIError(
        "\"\(server)\" is not a server address. Write it as https://habits.example.org.",
        code: "invalid_server", exit: .usage)
    }
  }

  /// Sends `body` and returns the JSON answer of a 2xx response.
  func send(_ method: HTTPMethod, _ path: String, body: JSON? = nil) async throws(CLIError) -> JSON
  {
    var request = HTTPClientRequest(url: server + "/api/v1/" + path)
    request.method = method
    request.headers.add(name: "Accept", value: "application/json")
    request.headers.add(name: "User-Agent", value: "habit-cli")
    if let token { request.headers.add(name: "Authorization", value: "Bearer " + token) }
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(string: WireCodec.encode(body)))
    }
    let status: HTTPResponseStatus
    let text: String
    do {
      let response = try await HTTPClient.shared.execute(request, timeout: timeout)
      status = response.status
      var buffer = try await response.body.collect(upTo: 64 * 1024 * 1024)
      text = buffer.readString(length: buffer.readableBytes) ?? ""
    } catch {
      throw CLIError(
        "Could not reach \(server): \(Self.reason(error)). Your changes are kept and sync later.",
        code: "unreachable", exit: .unreachable)
    }
    let json = try? JSONParser.parse(text)
    guard (200..<300).contains(status.code) else {
      var code = "http_\(status.code)"
      var message = "The server answered \(status.code) \(status.reasonPhrase)."
      if case .object(let members)? = json,
        case .object(let error)? = members.first(where: { $0.0 == "error" })?.1
      {
        if case .string(let value)? = error.first(where: { $0.0 == "code" })?.1 { code = value }
        if case .string(let value)? = error.first(where: { $0.0 == "message" })?.1 {
          message = value
        }
      }
      throw CLIError(
        message, code: code,
        exit: status.code == 401 || status.code == 403 ? .unauthorized : .unreachable)
    }
    return json ?? .null
  }

  private static func reason(_ error: any Error) -> String {
    let text = String(describing: error)
    if text.contains("connectTimeout") || text.contains("deadlineExceeded") {
      return "no answer in time"
    }
    if text.contains("connectionRefused") || text.contains("Connection refused") {
      return "connection refused"
    }
    return text.count > 120 ? String(text.prefix(120)) + "…" : text
  }

  /// A string member of a JSON object.
  static func string(_ json: JSON, _ name: String) -> String? {
    guard case .object(let members) = json,
      case .string(let value)? = members.first(where: { $0.0 == name })?.1
    else { return nil }
    return value
  }
}
