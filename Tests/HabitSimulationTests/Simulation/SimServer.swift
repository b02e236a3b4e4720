import Foundation
import HTTPTypes
import HabitServer
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore

/// The one server of a run, in this process on a fresh SQLite file, its clock the simulation's.
struct SimServer: Sendable {
  typealias Method = HTTPRequest.Method

  let client: any TestClientProtocol
  /// `http://127.0.0.1:port`, for the command line's own HTTP client.
  let address: String

  /// A status and body; a request the network lost never gets here.
  struct Answer: Sendable {
    let status: Int
    let text: String
    var ok: Bool { (200..<300).contains(status) }
  }

  /// Runs `body` with a server built as `habit serve` builds it.
  static func with(
    clock: SimClock, _ body: @escaping @Sendable (SimServer) async throws -> Void
  ) async throws {
    var configuration = ServerConfiguration(
      dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent(
        "habitflow-sim-server-\(UUID().uuidString)"
      ).path)
    configuration.port = 0
    configuration.passwordCost = 4
    defer { try? FileManager.default.removeItem(atPath: configuration.dataDirectory) }
    var logger = Logger(label: "habitflow-simulation")
    logger.logLevel = .critical
    let app = try await buildApplication(configuration, clock: clock.server, logger: logger)
    try await app.test(.live) { client in
      let port = client.port ?? 0
      try await body(SimServer(client: client, address: "http://127.0.0.1:\(port)"))
    }
  }

  /// One API call as a device makes it: its token, its local date, a JSON body.
  func call(
    _ method: HTTPRequest.Method, _ path: String, token: String?, json: String? = nil,
    today: String
  ) async -> Answer {
    var fields: HTTPFields = [:]
    if let token { fields[.authorization] = "Bearer " + token }
    if json != nil { fields[.contentType] = "application/json" }
    fields[HTTPField.Name("X-Client-Date")!] = today
    do {
      let response = try await client.execute(
        uri: "/api/v1/" + path, method: method, headers: fields,
        body: json.map { ByteBuffer(string: $0) })
      return Answer(status: Int(response.status.code), text: String(buffer: response.body))
    } catch {
      return Answer(status: 0, text: String(describing: error))
    }
  }
}
