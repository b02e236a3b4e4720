import Foundation
import HTTPTypes
import HabitInterop
import HummingbirdTesting
import NIOCore
import Testing

/// Import, preview, export and restore over real HTTP, each account seeing only its own data.
@Suite struct DataAPITests {
  /// A fixture of the interop tests (Loop's exports and database) as an upload's bytes.
  private func fixture(_ path: String) throws -> ByteBuffer {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../HabitInteropTests/Fixtures/" + path)
    return ByteBuffer(bytes: Array(try Data(contentsOf: url)))
  }

  private func upload(
    _ client: any TestClientProtocol, _ token: String, _ body: ByteBuffer, query: String = ""
  ) async throws -> TestResponse {
    try await client.execute(
      uri: "/api/v1/import" + (query.isEmpty ? "" : "?" + query), method: .post,
      headers: [.authorization: "Bearer " + token, .contentType: "application/octet-stream"],
      body: body)
  }

  private func habitTitles(_ client: any TestClientProtocol, _ token: String) async throws
    -> [String]
  {
    try await client.call(.get, "/api/v1/habits", token: token).json["habits"].array
      .compactMap { $0["habit"]["title"].string }.sorted()
  }

  /// The account's backup without its export time, to compare two accounts' data.
  private func exported(_ client: any TestClientProtocol, _ token: String) async throws -> String {
    let response = try await client.call(.get, "/api/v1/export", token: token)
    #expect(response.status == .ok)
    return response.text.split(separator: "\n").filter { !$0.contains("\"exportedAt\"") }
      .joined(separator: "\n")
  }

  @Test func aPreviewCountsWhatAnImportWouldBringAndWritesNothing() async throws {
    try await withServer(.live) { client in
      let alice = try await client.register("alice@example.com")
      let response = try await upload(
        client, alice, try fixture("detect-loop-export.zip"), query: "preview=true")
      #expect(response.status == .ok, "\(response.text)")
      let preview = response.json["preview"]
      #expect(preview["newHabits"].int == 2)
      #expect(preview["mode"].string == "merge")
      #expect(preview["automaticYeses"].int == 3)
      #expect(preview["firstDay"].string == "2015-01-16")
      #expect(try await habitTitles(client, alice).isEmpty)
    }
  }

  @Test func theLoopExportsImportAndASecondImportAddsNothing() async throws {
    try await withServer(.live) { client in
      let alice = try await client.register("alice@example.com")
      let first = try await upload(client, alice, try fixture("detect-loop-export.zip"))
      #expect(first.status == .ok, "\(first.text)")
      #expect(first.json["format"].string == "loop-csv")
      #expect(first.json["summary"]["habitsAdded"].int == 2)
      #expect(try await habitTitles(client, alice) == ["Meditate", "Wake up early"])
      let before = try await exported(client, alice)

      let second = try await upload(client, alice, try fixture("detect-loop-export.zip"))
      #expect(second.json["summary"]["changes"].int == 0)
      #expect(second.json["summary"]["habitsAdded"].int == 0)
      #expect(try await exported(client, alice) == before)

      let loose = try await upload(
        client, alice, try fixture("loop-meshOlake/Checkmarks.csv"), query: "name=Checkmarks.csv")
      #expect(loose.status == .ok, "\(loose.text)")
      #expect(loose.json["summary"]["habitsAdded"].int == 10)
    }
  }

  @Test func aLoopDatabaseIsReadOnTheServer() async throws {
    try await withServer(.live) { client in
      let alice = try await client.register("alice@example.com")
      let response = try await upload(
        client, alice, try fixture("detect-loop-v12.db"), query: "name=Loop.db")
      #expect(response.status == .ok, "\(response.text)")
      #expect(response.json["format"].string == "loop-db")
      #expect(response.json["summary"]["habitsAdded"].int == 9)
      let habits = try await client.call(.get, "/api/v1/habits", token: alice).json["habits"]
      let wakeUp = habits.array.first { $0["habit"]["title"].string == "Wake up early" }
      let id = wakeUp?["habit"]["id"].string ?? "missing"
      let entries = try await client.call(
        .get, "/api/v1/habits/\(id)/entries?from=2016-01-01&to=2016-03-21", token: alice
      ).json["entries"].array
      #expect(entries.count == 33)
      #expect(entries.allSatisfy { $0["mark"].string == "none" && $0["done"].bool == true })
    }
  }

  @Test func anotherAccountNeitherSeesNorTouchesAnImport() async throws {
    try await withServer(.live) { client in
      let alice = try await client.register("alice@example.com")
      let bob = try await client.register("bob@example.com")
      _ = try await upload(client, alice, try fixture("detect-loop-export.zip"))
      let before = try await exported(client, alice)
      #expect(try await habitTitles(client, bob).isEmpty)
      #expect(!(try await exported(client, bob)).contains("Meditate"))

      // Bob imports the same file, then replaces his account with a file that holds nothing of it.
      let own = try await upload(client, bob, try fixture("detect-loop-export.zip"))
      #expect(own.json["summary"]["habitsAdded"].int == 2)
      let replaced = try await upload(
        client, bob, try fixture("loop-meshOlake/Checkmarks.csv"),
        query: "name=Checkmarks.csv&mode=replace")
      #expect(replaced.json["summary"]["habitsDeleted"].int == 2, "\(replaced.text)")
      #expect(try await exported(client, alice) == before)
      #expect(try await habitTitles(client, alice) == ["Meditate", "Wake up early"])
    }
  }

  @Test func aBadFileIsRefusedWith422AndNothingIsWritten() async throws {
    try await withServer(.live) { client in
      let alice = try await client.register("alice@example.com")
      var zip = try fixture("detect-loop-export.zip")
      zip.moveWriterIndex(to: zip.writerIndex - 30)
      let badDate = ByteBuffer(string: "Date,Meditate,\n2021-02-30,2,\n")
      let cases: [(ByteBuffer, String, String)] = [
        (zip, "name=export.zip", "export.zip:"),
        (ByteBuffer(string: "Buy milk\n"), "name=notes.txt", "cannot tell what this is"),
        (badDate, "name=Checkmarks.csv", "Checkmarks.csv, line 2:"),
      ]
      for (body, query, message) in cases {
        let response = try await upload(client, alice, body, query: query)
        #expect(response.status == .unprocessableContent, "\(query): \(response.text)")
        #expect(response.errorCode == "import_failed")
        #expect(
          response.json["error"]["message"].string?.contains(message) == true, "\(response.text)")
      }
      let mode = try await upload(
        client, alice, try fixture("detect-loop-export.zip"), query: "mode=add")
      #expect(mode.status == .unprocessableContent)
      #expect(try await habitTitles(client, alice).isEmpty)
    }
  }

  @Test func anUploadOver100MBIsRefusedWith413() async throws {
    try await withServer(.live) { client in
      let alice = try await client.register("alice@example.com")
      let body = ByteBuffer(repeating: 0x41, count: 101_000_000)
      let response = try await upload(client, alice, body, query: "name=big.csv")
      #expect(response.status == .contentTooLarge)
      #expect(response.errorCode == "too_large")
      #expect(response.json["error"]["message"].string?.contains("100 MB") == true)
      #expect(try await habitTitles(client, alice).isEmpty)
    }
  }

  @Test func anExportRestoredIntoAnEmptyAccountGivesTheSameData() async throws {
    try await withServer(.live) { client in
      let alice = try await client.register("alice@example.com")
      _ = try await upload(client, alice, try fixture("detect-loop-export.zip"))
      _ = try await upload(client, alice, try fixture("detect-loop-v12.db"), query: "name=Loop.db")
      let response = try await client.call(.get, "/api/v1/export", token: alice)
      #expect(response.headers[.contentDisposition]?.hasPrefix("attachment; filename=") == true)
      let bob = try await client.register("bob@example.com")
      let restore = try await upload(
        client, bob, response.body, query: "name=backup.json&mode=replace")
      #expect(restore.status == .ok, "\(restore.text)")
      #expect(restore.json["format"].string == "backup")
      #expect(try await exported(client, bob) == (try await exported(client, alice)))
    }
  }

  @Test func theCSVExportHasARowPerHabitAndDay() async throws {
    try await withServer(.live) { client in
      let alice = try await client.register("alice@example.com")
      _ = try await upload(client, alice, try fixture("detect-loop-export.zip"))
      let response = try await client.call(.get, "/api/v1/export.csv", token: alice)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "text/csv; charset=utf-8")
      #expect(response.headers[.contentDisposition]?.hasSuffix(".csv\"") == true)
      let lines = response.text.split(separator: "\r\n").map(String.init)
      #expect(lines.first == CSVExport.header.joined(separator: ","))
      // Wake up early's ten days (the export's only days with something recorded).
      #expect(lines.dropFirst().filter { $0.contains("Wake up early") }.count == 10)
    }
  }

  @Test func theOpenAPIDocumentSpellsFormatsAndMarksAsHabitFlowDoes() async throws {
    try await withServer { client in
      let schemas = try await client.call(.get, "/api/openapi.json").json["components"]["schemas"]
      #expect(
        schemas["ImportResult"]["properties"]["format"]["enum"].array.compactMap(\.string)
          == ImportFormat.allCases.map(\.rawValue))
      #expect(
        schemas["Entry"]["properties"]["mark"]["enum"].array.compactMap(\.string)
          == ["none", "no", "auto"])
    }
  }
}
