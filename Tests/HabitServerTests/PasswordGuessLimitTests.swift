import HTTPTypes
import HabitServer
import HummingbirdTesting
import Testing

/// A signed-in session (a stolen one, say) cannot guess the account's password without limit
/// through the endpoints that ask for it: they are limited like login.
@Suite struct PasswordGuessLimitTests {
  /// Wrong passwords sent to `path` until the server refuses to check more.
  private static func guess(
    _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ path: String,
    token: String, body: (String) -> String
  ) async throws -> [TestResponse] {
    var answers: [TestResponse] = []
    for attempt in 0..<8 {
      answers.append(
        try await client.call(method, path, token: token, json: body("wrong guess \(attempt)")))
    }
    return answers
  }

  @Test func wrongCurrentPasswordsOnAPasswordChangeAreLimited() async throws {
    try await withServer { client in
      let token = try await client.register("change-guess@example.com")
      let answers = try await Self.guess(client, .put, "/api/v1/account/password", token: token) {
        #"{"currentPassword":"\#($0)","newPassword":"battery staple"}"#
      }
      #expect(answers.prefix(5).allSatisfy { $0.status == .forbidden })
      let limited = answers.dropFirst(5)
      #expect(limited.allSatisfy { $0.status == .tooManyRequests }, "\(answers.map(\.status))")
      #expect(limited.allSatisfy { Int($0.headers[.retryAfter] ?? "") ?? 0 > 0 })
      let right = try await client.call(
        .put, "/api/v1/account/password", token: token,
        json: #"{"currentPassword":"correct horse","newPassword":"battery staple"}"#)
      #expect(right.status == .tooManyRequests, "the right password is not checked either")
    }
  }

  @Test func wrongPasswordsOnAnAccountDeletionAreLimited() async throws {
    try await withServer { client in
      let token = try await client.register("delete-guess@example.com")
      let answers = try await Self.guess(client, .delete, "/api/v1/account", token: token) {
        #"{"password":"\#($0)"}"#
      }
      #expect(answers.prefix(5).allSatisfy { $0.status == .forbidden })
      #expect(
        answers.dropFirst(5).allSatisfy { $0.status == .tooManyRequests },
        "\(answers.map(\.status))")
      #expect(try await client.call(.get, "/api/v1/account", token: token).status == .ok)
    }
  }

  @Test func theRightPasswordDoesNotUseUpTheAllowance() async throws {
    try await withServer { client in
      let token = try await client.register("right@example.com")
      var password = "correct horse"
      for round in 0..<8 {
        let next = "new password \(round)"
        let changed = try await client.call(
          .put, "/api/v1/account/password", token: token,
          json: #"{"currentPassword":"\#(password)","newPassword":"\#(next)"}"#)
        #expect(changed.status == .noContent || changed.status == .ok, "\(changed.text)")
        password = next
      }
    }
  }
}
