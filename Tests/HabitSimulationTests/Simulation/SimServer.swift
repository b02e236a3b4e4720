import Foundation
import HTTPTypes
import HabitServer
import HabitStore
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore

/// The server of a run, in this process on its SQLite file, its clock the simulation's. A restart
/// is a new one on the same folder (on a new port: the test server picks one at each start).
struct SimServer: Sendable {
  typealias Method = HTTPRequest.Method

  let client: any TestClientProtocol
  let port: Int
  /// The database engine under this life of the server, to fail its commits on purpose.
  let commits: CommitFaults
  /// `http://127.0.0.1:port`, for the command line's own HTTP client.
  var address: String { "http://127.0.0.1:\(port)" }

  /// A status and body; a request the network lost never gets here.
  struct Answer: Sendable {
    let status: Int
    let text: String
    var ok: Bool { (200..<300).contains(status) }
  }

  /// Runs `body` with a server built as `habit serve` builds it on `directory`; the server stops
  /// when `body` returns.
  static func with(
    clock: SimClock, directory: String, device: String,
    _ body: @escaping @Sendable (SimServer) async throws -> Void
  ) async throws {
    var configuration = ServerConfiguration(dataDirectory: directory)
    configuration.port = 0
    configuration.passwordCost = 4
    var logger = Logger(label: "habitflow-simulation")
    logger.logLevel = .critical
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    let opened = try await HabitStore.open(configuration.databaseLocation, logger: logger)
    let commits = CommitFaults(opened.engine)
    let app = buildApplication(
      configuration, store: HabitStore(engine: commits), clock: clock.server, device: device,
      logger: logger)
    try await app.test(.live) { client in
      try await body(SimServer(client: client, port: client.port ?? 0, commits: commits))
    }
  }

  /// Every field the server stores (record, value, stamp, change), in one digest: two runs of
  /// one seed must end with the same. Account ids are random and left out. A database that
  /// cannot be read fails the run rather than giving a digest two failures would share.
  func fingerprint() async throws -> String {
    let rows = try await commits.read { database in
      try await database.raw(
        "SELECT entity, record_key, field, value, stamp, change_id FROM fields WHERE stream_id NOT LIKE '~%' ORDER BY entity, record_key, field, stamp"
      ).all().map { row in
        try ["entity", "record_key", "field", "value", "stamp", "change_id"].map {
          try row.decode(column: $0, as: String?.self) ?? "-"
        }.joined(separator: "|")
      }
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in rows.joined(separator: "\n").utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return "\(rows.count) fields, " + String(hash, radix: 16)
  }

  /// A fresh folder for a run's server.
  static func newDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-sim-server-\(UUID().uuidString)"
    ).path
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
