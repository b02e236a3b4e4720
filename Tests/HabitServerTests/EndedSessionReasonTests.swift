import Foundation
import HabitServer
import HummingbirdTesting
import Testing

/// A device whose token the server ended is told why in `error.code`, on SQLite and PostgreSQL.
@Suite struct EndedSessionReasonTests {
  static var databases: [String?] {
    let postgres = ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"]
    return postgres.map { [nil, $0] } ?? [nil]
  }

  private func withLiveServer(
    _ databaseURL: String?,
    _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    try await withServer(.live, configure: { $0.databaseURL = databaseURL }, test)
  }

  private func signIn(_ client: any TestClientProtocol, _ email: String, password: String)
    async throws -> String
  {
    let response = try await client.call(
      .post, "/api/v1/sessions", json: #"{"email":"\#(email)","password":"\#(password)"}"#)
    return try #require(response.json["token"].string)
  }

  /// A new account signed in twice: the device that will ask for a change, and another one.
  private func twoDevices(_ client: any TestClientProtocol) async throws -> (String, String) {
    let email = "ended-\(UUID().uuidString)@example.com"
    let asking = try await client.register(email)
    return (asking, try await signIn(client, email, password: "correct horse"))
  }

  private func code(_ client: any TestClientProtocol, _ token: String) async throws -> String? {
    let response = try await client.call(.get, "/api/v1/account", token: token)
    #expect(response.status == .unauthorized || response.status == .ok)
    return response.status == .ok ? "ok" : response.json["error"]["code"].string
  }

  @Test(arguments: databases)
  func aPasswordChangeTellsTheOtherDevicesWhyTheyAreSignedOut(databaseURL: String?) async throws {
    try await withLiveServer(databaseURL) { client in
      let (asking, other) = try await twoDevices(client)
      let changed = try await client.call(
        .put, "/api/v1/account/password", token: asking,
        json: #"{"currentPassword":"correct horse","newPassword":"battery staple"}"#)
      #expect(changed.status == .ok || changed.status == .noContent, "\(changed.text)")
      #expect(try await code(client, other) == "password_changed")
      let told = try await client.call(.get, "/api/v1/account", token: other)
      #expect(told.json["error"]["message"].string?.contains("password was changed") == true)
      #expect(try await code(client, asking) == "ok")
      #expect(try await code(client, "never-issued-\(UUID().uuidString)") == "unauthenticated")
    }
  }

  @Test(arguments: databases)
  func signingOutEverywhereAndRevokingATokenSayWhich(databaseURL: String?) async throws {
    try await withLiveServer(databaseURL) { client in
      let (asking, other) = try await twoDevices(client)
      let created = try await client.call(
        .post, "/api/v1/tokens", token: asking, json: #"{"name":"cli"}"#)
      let apiToken = try #require(created.json["token"].string)
      let id = try #require(created.json["id"].string)
      #expect(
        try await client.call(.delete, "/api/v1/tokens/\(id)", token: asking).status == .noContent)
      #expect(try await code(client, apiToken) == "token_revoked")
      #expect(try await code(client, other) == "ok")
      #expect(
        try await client.call(.delete, "/api/v1/sessions", token: asking).status == .noContent)
      #expect(try await code(client, other) == "signed_out_everywhere")
      #expect(try await code(client, apiToken) == "token_revoked")
      #expect(try await code(client, asking) == "ok")
    }
  }

  @Test(arguments: databases)
  func aDeletedAccountTellsEveryDeviceStillHoldingItsToken(databaseURL: String?) async throws {
    try await withLiveServer(databaseURL) { client in
      let (asking, other) = try await twoDevices(client)
      let deleted = try await client.call(
        .delete, "/api/v1/account", token: asking, json: #"{"password":"correct horse"}"#)
      #expect(deleted.status == .noContent, "\(deleted.text)")
      #expect(try await code(client, other) == "account_deleted")
      let sync = try await client.call(.get, "/api/v1/habits", token: other)
      #expect(sync.status == .unauthorized)
      #expect(sync.json["error"]["code"].string == "account_deleted")
    }
  }
}
