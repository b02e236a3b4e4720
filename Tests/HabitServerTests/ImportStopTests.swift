import AsyncHTTPClient
import Foundation
import HabitCore
import HabitStore
import HabitTestSupport
import Logging
import NIOCore
import SQLKit
import Testing

/// A server stopped (SIGTERM: an upgrade, a restart) while an import is being staged gives its
/// requests seconds, and the import needs longer: the person must be told plainly that it was
/// not saved, not left with a dropped connection, and nothing of it may appear after the restart.
@Suite struct ImportStopTests {
  @Test func anImportCutShortByTheServersStopIsAnsweredNotSavedAndLeavesNothing() async throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-import-stop-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: data) }
    let upload = JournalBackupFixture.backup(bytes: 20_000_000, endingOn: Day(iso: today)!).bytes
    try await withHTTPClient { http in
      let before = try await ServerProcess.running(dataDirectory: data) { server in
        let api = API(client: http, base: server.url)
        let token = try await api.register("ann@example.com")
        let created = try await api.call(
          .POST, "/api/v1/habits", token: token,
          json: #"{"title":"Walk","category":"health","start":"2020-01-01"}"#)
        #expect(created.status == 201)
        let before = try await Self.export(http, server.url, token)
        let importing = Task { try await Self.importBackup(upload, http, server.url, token) }
        try await Self.untilStaging(in: data + "/habitflow.sqlite")
        let ended = await server.terminate(within: .seconds(30))
        let (status, body) = try await importing.value
        #expect(status == 503, "\(body)")
        #expect(body.contains(#""code":"restarting""#), "\(body)")
        #expect(ended == .exited(0), "the stop should end the server cleanly")
        return before
      }
      try await ServerProcess.running(dataDirectory: data) { server in
        let token = try await API(client: http, base: server.url).login("ann@example.com")
        #expect(try await Self.export(http, server.url, token) == before)
      }
    }
    let staged = try await HabitTestSupport.withStore(data + "/habitflow.sqlite") { store in
      try await Self.stagedRows(store)
    }
    #expect(staged == 0, "staged rows left behind")
  }

  /// Waits until the import's first rows are staged (seen from a connection of the test's own).
  static func untilStaging(in path: String) async throws {
    let until = ContinuousClock.now + .seconds(240)
    let store = try await HabitStore.connect(
      path, runsClient: false, logger: Logger(label: "habitflow-test"))
    try await HabitTestSupport.withStore(store) { store in
      while try await stagedRows(store) == 0 {
        guard ContinuousClock.now < until else {
          Issue.record("the import never began to be staged")
          return
        }
        try await Task.sleep(for: .milliseconds(20))
      }
    }
  }

  static func stagedRows(_ store: HabitStore) async throws -> Int {
    try await store.engine.read { database in
      try await database.raw(
        "SELECT COUNT(*) AS staged FROM fields WHERE stream_id >= '~staged:' AND stream_id < '~staged;'"
      ).first()?.decode(column: "staged", as: Int.self) ?? 0
    }
  }

  static func importBackup(
    _ bytes: [UInt8], _ http: HTTPClient, _ base: String, _ token: String
  ) async throws -> (status: Int, body: String) {
    var request = HTTPClientRequest(url: base + "/api/v1/import")
    request.method = .POST
    request.headers.add(name: "Authorization", value: "Bearer " + token)
    request.headers.add(name: "Content-Type", value: "application/octet-stream")
    request.body = .bytes(ByteBuffer(bytes: bytes))
    let response = try await http.execute(request, timeout: .seconds(300))
    let body = try await response.body.collect(upTo: 1024 * 1024)
    return (Int(response.status.code), String(buffer: body))
  }

  /// The account's backup without its time of export.
  static func export(_ http: HTTPClient, _ base: String, _ token: String) async throws
    -> [Substring]
  {
    var request = HTTPClientRequest(url: base + "/api/v1/export")
    request.headers.add(name: "Authorization", value: "Bearer " + token)
    let response = try await http.execute(request, timeout: .seconds(60))
    #expect(response.status == .ok)
    let text = String(buffer: try await response.body.collect(upTo: 64 * 1024 * 1024))
    return text.split(separator: "\n").filter { !$0.contains("\"exportedAt\"") }
  }
}
