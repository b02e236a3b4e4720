import Foundation
import HabitCLI
import HabitCore
import HabitServer
import HabitSync
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Runs `test` with the address of a live `habit serve` (built as the executable builds it) on
/// a fresh SQLite file, and a registered account's email.
func withLiveServer(_ test: @escaping @Sendable (String, String) async throws -> Void) async throws
{
  var configuration = ServerConfiguration(
    dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-cli-server-\(UUID().uuidString)"
    ).path)
  configuration.port = 0
  configuration.passwordCost = 4
  var logger = Logger(label: "habitflow-cli-test")
  logger.logLevel = .warning
  let app = try await buildApplication(configuration, logger: logger)
  try await app.test(.live) { client in
    let server = "http://127.0.0.1:\(try #require(client.port))"
    let email = "cli-\(UUID().uuidString.prefix(8).lowercased())@example.org"
    let response = try await client.execute(
      uri: "/api/v1/accounts", method: .post, headers: [.contentType: "application/json"],
      body: ByteBuffer(string: #"{"email":"\#(email)","password":"correct horse"}"#))
    #expect(response.status == .created)
    try await test(server, email)
  }
}

@Suite struct SyncCommandTests {
  @Test func aWrongPasswordIsRefusedInTheServersWordsAndNothingIsStored() async throws {
    try await withLiveServer { server, email in
      let cli = CLIHarness()
      let outcome = await cli.run(
        ["login", server, "--email", email], answers: ["wrong horse"])
      #expect(outcome.status == 6)
      #expect(outcome.errors.contains("That email and password do not match."))
      #expect(!FileManager.default.fileExists(atPath: cli.folder.account))
    }
  }

  @Test func twoReplicasEditingOfflineConvergeThroughTheServer() async throws {
    try await withLiveServer { server, email in
      let laptop = CLIHarness()
      let desktop = CLIHarness()
      await laptop.succeed("add", "Push-ups", "--count", "50", "--start", "2026-11-01")
      await laptop.succeed("add", "Read", "--start", "2026-11-01")
      await laptop.succeed("count", "push", "2")
      let login = await laptop.succeed(
        "login", server, "--email", email, answers: ["correct horse"])
      #expect(login.contains("Synced: "))
      let attributes = try FileManager.default.attributesOfItem(atPath: laptop.folder.account)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
      #expect(
        !(try String(contentsOfFile: laptop.folder.account, encoding: .utf8)).contains("horse"))

      await desktop.succeed("login", server, "--email", email, answers: ["correct horse"])
      #expect(await desktop.succeed("today").contains("Push-ups"))
      // Both count offline on the same day, and each edits something else.
      await laptop.succeed("count", "push", "3")
      await desktop.succeed("count", "push", "1")
      await desktop.succeed("done", "read", "--yesterday")
      await laptop.succeed("note", "read", "chapter 4", "--yesterday")
      await laptop.succeed("sync")
      await desktop.succeed("sync")
      await laptop.succeed("sync")
      let one = try await laptop.storedTracker()
      let other = try await desktop.storedTracker()
      #expect(one == other)
      let pushUps = try #require(one.habits.values.first { $0.title == "Push-ups" })
      #expect(one.log(pushUps.id)[laptop.today]?.value == Amount(6))
      let read = try #require(one.habits.values.first { $0.title == "Read" })
      let yesterday = try #require(one.log(read.id)[laptop.today.advanced(by: -1)])
      #expect(yesterday.value == Amount(1) && yesterday.note == "chapter 4")
      #expect(try await laptop.storedReplica().outbox.isEmpty)
    }
  }

  @Test func aServerThatIsDownFailsSyncButNeverAnEditAndLosesNothing() async throws {
    let cli = CLIHarness()
    let account: [String: String] = [
      "server": "http://127.0.0.1:9", "email": "me@example.org", "token": "t", "tokenID": "",
    ]
    try FileManager.default.createDirectory(
      atPath: cli.folder.path, withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: account).write(
      to: URL(fileURLWithPath: cli.folder.account))
    await cli.succeed("add", "Read")
    await cli.succeed("done", "read")
    let sync = await cli.run("sync")
    #expect(sync.status == 5)
    #expect(sync.errors.contains("Could not reach http://127.0.0.1:9"))
    let replica = try await cli.storedReplica()
    #expect(replica.outbox.count == replica.fieldChanges.count)
    #expect(await cli.succeed("today").contains("[x] Read"))
  }

  @Test func logoutRevokesTheTokenAndKeepsTheData() async throws {
    try await withLiveServer { server, email in
      let cli = CLIHarness()
      await cli.succeed("add", "Read")
      await cli.succeed("login", server, "--email", email, answers: ["correct horse"])
      let token = try #require(
        (try JSONSerialization.jsonObject(
          with: Data(contentsOf: URL(fileURLWithPath: cli.folder.account))) as? [String: String])?[
            "token"])
      await cli.succeed("logout")
      #expect(!FileManager.default.fileExists(atPath: cli.folder.account))
      #expect(await cli.run("sync").status == 6)
      #expect(await cli.succeed("list").contains("Read"))
      var request = URLRequest(url: URL(string: server + "/api/v1/account")!)
      request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization")
      let (_, response) = try await URLSession.shared.data(for: request)
      #expect((response as? HTTPURLResponse)?.statusCode == 401)
    }
  }
}
