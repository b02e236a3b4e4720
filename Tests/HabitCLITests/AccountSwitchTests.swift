import Foundation
import HabitCLI
import HabitCore
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Signing in to another account never pushes this folder's data into it, and loses nothing
/// without a yes.
@Suite struct AccountSwitchTests {
  /// Registers another account on `server` and returns its email.
  static func register(on server: String) async throws -> String {
    let email = "other-\(UUID().uuidString.prefix(8).lowercased())@example.org"
    var request = URLRequest(url: URL(string: server + "/api/v1/accounts")!)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(#"{"email":"\#(email)","password":"correct horse"}"#.utf8)
    let (_, response) = try await URLSession.shared.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 201)
    return email
  }

  @Test func anotherAccountAsksAndNoKeepsEverythingAndSendsNothing() async throws {
    try await withLiveServer { server, email in
      let cli = CLIHarness()
      await cli.succeed("add", "Read")
      await cli.succeed("login", server, "--email", email, answers: ["correct horse"])
      await cli.succeed("logout")
      await cli.succeed("done", "read")
      let other = try await Self.register(on: server)
      let before = try await cli.storedReplica()
      let refused = await cli.run(
        "login", server, "--email", other, answers: ["correct horse", "n"])
      #expect(refused.status == 7)
      #expect(refused.errors.contains("The habits here belong to \(email) on \(server)"))
      #expect(refused.errors.contains("(2 changes not synced yet)"))
      #expect(!FileManager.default.fileExists(atPath: cli.folder.account))
      let after = try await cli.storedReplica()
      #expect(after.tracker == before.tracker && after.outbox == before.outbox)
      // The other account received nothing: a folder signed in to it sees no habits.
      let fresh = CLIHarness()
      await fresh.succeed("login", server, "--email", other, answers: ["correct horse"])
      #expect(try await fresh.storedTracker().habits.isEmpty)
      // The same account again: no question, and the check-in made offline is sent.
      await cli.succeed("login", server, "--email", email, answers: ["correct horse"])
      #expect(try await cli.storedReplica().outbox.isEmpty)
    }
  }

  @Test func yesStartsOverWithTheOtherAccountAndKeepsTheOldDataInAFile() async throws {
    try await withLiveServer { server, email in
      let cli = CLIHarness()
      await cli.succeed("add", "Read")
      await cli.succeed("login", server, "--email", email, answers: ["correct horse"])
      await cli.succeed("done", "read")
      let other = try await Self.register(on: server)
      let fresh = CLIHarness()
      await fresh.succeed("add", "Swim")
      await fresh.succeed("login", server, "--email", other, answers: ["correct horse"])
      let switched = await cli.succeed(
        "login", server, "--email", other, answers: ["correct horse", "y"])
      #expect(switched.contains("The previous habits are kept in " + cli.folder.path))
      #expect(try await cli.storedTracker().habits.values.map(\.title) == ["Swim"])
      #expect(await cli.succeed("today").contains("Swim"))
      await fresh.succeed("sync")
      #expect(try await fresh.storedTracker().habits.values.map(\.title) == ["Swim"])
      let kept = try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).filter {
        $0.hasPrefix("cli-replica-kept-") && $0.hasSuffix(".sqlite")
      }
      #expect(kept.count == 1)
    }
  }
}
