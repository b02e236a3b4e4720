import HTTPTypes
import HabitServer
import HummingbirdTesting
import Testing

/// "Log out everywhere" and a password change end every way into the account, the calendar
/// feed's secret link included: it is replaced, and the answer says so and carries the new link.
@Suite struct CalendarFeedReplacementTests {
  private static func makeFeed(_ client: any TestClientProtocol, token: String) async throws
    -> String
  {
    let made = try await client.call(.post, "/api/v1/calendar", token: token)
    #expect(made.status == .created)
    let path = try #require(made.json["path"].string)
    #expect(try await client.call(.get, path).status == .ok)
    return path
  }

  /// The answer names the new feed, the old link is dead and the new one works.
  private static func expectReplaced(
    _ answer: TestResponse, old path: String, _ client: any TestClientProtocol
  ) async throws {
    #expect(answer.status == .ok, "\(answer.text)")
    #expect(answer.json["calendarFeedReplaced"].bool == true, "\(answer.text)")
    let new = try #require(answer.json["calendarFeed"]["path"].string, "\(answer.text)")
    #expect(new != path)
    #expect(answer.json["calendarFeed"]["url"].string?.hasSuffix(new) == true)
    #expect(answer.json["calendarFeed"]["webcal"].string?.hasPrefix("webcal://") == true)
    #expect(try await client.call(.get, path).status == .notFound)
    #expect(try await client.call(.get, new).status == .ok)
  }

  @Test func aPasswordChangeReplacesTheFeedLink() async throws {
    try await withServer { client in
      let token = try await client.register("feed-password@example.com")
      let path = try await Self.makeFeed(client, token: token)
      let changed = try await client.call(
        .put, "/api/v1/account/password", token: token,
        json: #"{"currentPassword":"correct horse","newPassword":"battery staple"}"#)
      try await Self.expectReplaced(changed, old: path, client)
    }
  }

  @Test func loggingOutEverywhereReplacesTheFeedLink() async throws {
    try await withServer { client in
      let token = try await client.register("feed-everywhere@example.com")
      let path = try await Self.makeFeed(client, token: token)
      let ended = try await client.call(.delete, "/api/v1/sessions", token: token)
      try await Self.expectReplaced(ended, old: path, client)
      let status = try await client.call(.get, "/api/v1/calendar", token: token)
      #expect(status.json["exists"].bool == true)
    }
  }

  @Test func anAccountWithoutAFeedGetsNoneMadeForIt() async throws {
    try await withServer { client in
      let token = try await client.register("feed-none@example.com")
      let ended = try await client.call(.delete, "/api/v1/sessions", token: token)
      #expect(ended.status == .noContent)
      let changed = try await client.call(
        .put, "/api/v1/account/password", token: token,
        json: #"{"currentPassword":"correct horse","newPassword":"battery staple"}"#)
      #expect(changed.status == .noContent)
      let status = try await client.call(.get, "/api/v1/calendar", token: token)
      #expect(status.json["exists"].bool == false)
    }
  }
}
