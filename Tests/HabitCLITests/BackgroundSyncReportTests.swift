import Foundation
import HabitCLI
import HabitSync
import Hummingbird
import HummingbirdTesting
import Testing

/// A background sync's output goes nowhere, so what it could not do is said by the next command.
@Suite struct BackgroundSyncReportTests {
  /// A replica signed in to `server` (no sign-in is made: the token is never checked here).
  private func signedIn(to server: String) throws -> CLIHarness {
    let cli = CLIHarness()
    let account: [String: String] = [
      "server": server, "email": "me@example.org", "token": "t", "tokenID": "",
    ]
    try FileManager.default.createDirectory(
      atPath: cli.folder.path, withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: account).write(
      to: URL(fileURLWithPath: cli.folder.account))
    return cli
  }

  @Test func aBackgroundSyncThatCannotReachTheServerIsToldByTheNextCommand() async throws {
    let cli = try signedIn(to: "http://127.0.0.1:9")
    await cli.succeed("add", "Read")
    await cli.succeed("done", "read")
    let background = await cli.run("sync", "--background")
    #expect(background.status == 0 && background.errors.isEmpty)
    let today = await cli.run("today")
    #expect(today.status == 0)
    #expect(
      today.errors.contains(
        "habit: The last background sync failed: Could not reach http://127.0.0.1:9"))
    #expect(today.errors.contains("Your changes are kept"))
    #expect(today.output.contains("[x] Read"))
    #expect(await cli.run("today").errors.isEmpty)
    let sync = await cli.run("sync")
    #expect(sync.status == 5)
    #expect(sync.errors.contains("Could not reach http://127.0.0.1:9"))
    #expect(try await !cli.storedReplica().outbox.isEmpty)
  }

  @Test func changesTheServerRefusedInTheBackgroundAreToldNotDropped() async throws {
    let router = Router()
    router.post("api/v1/sync") { request, _ -> Response in
      let body = try await request.body.collect(upTo: 1 << 20)
      let sent = try WireCodec.syncRequest(JSONParser.parse(String(buffer: body)))
      let refused = sent.changes.map {
        Refusal(changeID: $0.id, code: "invalid_value", message: "This change is refused.")
      }
      let answer = WireCodec.json(
        SyncResponse(accepted: 0, refused: refused, changes: [], cursor: 0, hasMore: false))
      return Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: ByteBuffer(string: WireCodec.encode(answer))))
    }
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.live) { client in
      let cli = try signedIn(to: "http://127.0.0.1:\(try #require(client.port))")
      await cli.succeed("add", "Read")
      await cli.succeed("sync", "--background")
      let done = await cli.run("done", "read")
      #expect(done.status == 0 && done.output.contains("Read"))
      let refusal =
        "habit: a background sync: The server refused a change: This change is "
        + "refused. (invalid_value)"
      #expect(done.errors.contains(refusal), "\(done.errors)")
      await cli.succeed("sync", "--background")
      #expect(try await cli.storedReplica().outbox.isEmpty)
      let list = await cli.run("list")
      #expect(list.errors.contains(refusal), "\(list.errors)")
      #expect(await cli.run("list").errors.isEmpty)
    }
  }
}
