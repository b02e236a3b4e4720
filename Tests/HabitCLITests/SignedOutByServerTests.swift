import Foundation
import HabitCLI
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A sync the server answers with why it ended the token says it in words, signs the folder out
/// and keeps its data; later commands keep saying it until the next sign-in.
@Suite struct SignedOutByServerTests {
  private func call(_ method: String, _ url: String, token: String? = nil, body: String)
    async throws -> [String: Any]
  {
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = method
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
    request.httpBody = Data(body.utf8)
    let (data, _) = try await URLSession.shared.data(for: request)
    return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
  }

  private func signIn(_ server: String, _ email: String) async throws -> String {
    let answer = try await call(
      "POST", server + "/api/v1/sessions",
      body: #"{"email":"\#(email)","password":"correct horse"}"#)
    return try #require(answer["token"] as? String)
  }

  @Test func anAccountDeletedElsewhereIsSaidAndTheLocalHabitsStay() async throws {
    try await withLiveServer { server, email in
      let laptop = CLIHarness()
      await laptop.succeed("add", "Read", "--start", "2026-11-01")
      await laptop.succeed("login", server, "--email", email, answers: ["correct horse"])
      let web = try await signIn(server, email)
      _ = try await call(
        "DELETE", server + "/api/v1/account", token: web, body: #"{"password":"correct horse"}"#)
      await laptop.succeed("done", "read")
      let sync = await laptop.run("sync")
      #expect(sync.status == 6)
      #expect(sync.errors.contains("This account (\(email)) was deleted on another device"))
      #expect(!FileManager.default.fileExists(atPath: laptop.folder.account))
      let today = await laptop.run("today")
      #expect(today.status == 0)
      #expect(today.output.contains("Read"))
      #expect(today.errors.contains("was deleted on another device"))
      let again = await laptop.run("sync")
      #expect(again.errors.contains("was deleted on another device"))
      #expect(try await laptop.storedReplica().outbox.isEmpty == false)
    }
  }

  @Test func aPasswordChangedElsewhereSaysToSignInAgainAndSignInClearsIt() async throws {
    try await withLiveServer { server, email in
      let laptop = CLIHarness()
      await laptop.succeed("login", server, "--email", email, answers: ["correct horse"])
      let web = try await signIn(server, email)
      _ = try await call(
        "PUT", server + "/api/v1/account/password", token: web,
        body: #"{"currentPassword":"correct horse","newPassword":"battery staple"}"#)
      await laptop.succeed("add", "Walk", "--start", "2026-11-01")
      let sync = await laptop.run("sync")
      #expect(sync.status == 6)
      #expect(sync.errors.contains("Your password was changed on another device"))
      #expect(sync.errors.contains("habit login"))
      #expect(await laptop.run("sync").errors.contains("password was changed"))
      await laptop.succeed("login", server, "--email", email, answers: ["battery staple"])
      #expect(!(await laptop.run("today").errors.contains("password was changed")))
      #expect(await laptop.run("sync").status == 0)
    }
  }
}
