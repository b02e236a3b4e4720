import HTTPTypes
import HabitServer
import HummingbirdTesting
import Testing

@Suite struct AccountAPITests {
  @Test func registeringSignsInWithATokenAndCookies() async throws {
    try await withServer { client in
      let response = try await client.call(
        .post, "/api/v1/accounts", json: #"{"email":"Ann@Example.com ","password":"correct horse"}"#
      )
      #expect(response.status == .created)
      #expect(response.json["account"]["email"].string == "ann@example.com")
      let cookies = response.headers[values: .setCookie].joined(separator: "\n")
      #expect(
        cookies.contains("habitflow_session=") && cookies.contains("HttpOnly")
          && cookies.contains("SameSite=Lax"))
      #expect(cookies.contains("habitflow_csrf="))
      let token = try #require(response.json["token"].string)
      let me = try await client.call(.get, "/api/v1/account", token: token)
      #expect(me.json["account"]["email"].string == "ann@example.com")
    }
  }

  @Test func aDuplicateEmailAWeakPasswordAndABadEmailAreRefusedClearly() async throws {
    try await withServer { client in
      _ = try await client.register("ann@example.com")
      let duplicate = try await client.call(
        .post, "/api/v1/accounts", json: #"{"email":"ANN@example.com","password":"another one"}"#)
      #expect(duplicate.status == .conflict && duplicate.errorCode == "email_taken")
      let short = try await client.call(
        .post, "/api/v1/accounts", json: #"{"email":"bob@example.com","password":"1234567"}"#)
      #expect(short.status == .unprocessableContent && short.errorCode == "password_too_short")
      #expect(
        short.json["error"]["message"].string == "Choose a password of at least 8 characters.")
      let email = try await client.call(
        .post, "/api/v1/accounts", json: #"{"email":"bob","password":"12345678"}"#)
      #expect(email.status == .unprocessableContent && email.errorCode == "invalid_email")
    }
  }

  @Test func signingOutEverywhereEndsEveryOtherSessionAndEveryPersonalToken() async throws {
    try await withServer { client in
      let first = try await client.register("ann@example.com")
      let wrong = try await client.call(
        .post, "/api/v1/sessions", json: #"{"email":"ann@example.com","password":"nope nope"}"#)
      #expect(wrong.status == .unauthorized && wrong.errorCode == "wrong_credentials")
      let login = try await client.call(
        .post, "/api/v1/sessions", json: #"{"email":"ann@example.com","password":"correct horse"}"#)
      let second = try #require(login.json["token"].string)
      #expect(
        try await client.call(.delete, "/api/v1/sessions/current", token: second).status
          == .noContent)
      #expect(try await client.call(.get, "/api/v1/account", token: second).status == .unauthorized)
      #expect(try await client.call(.get, "/api/v1/account", token: first).status == .ok)
      let third = try #require(
        try await client.call(
          .post, "/api/v1/sessions",
          json: #"{"email":"ann@example.com","password":"correct horse"}"#
        ).json["token"].string)
      let apiToken = try #require(
        try await client.call(.post, "/api/v1/tokens", token: first, json: #"{"name":"cli"}"#).json[
          "token"
        ].string)
      #expect(try await client.call(.delete, "/api/v1/sessions", token: third).status == .noContent)
      #expect(try await client.call(.get, "/api/v1/account", token: first).status == .unauthorized)
      #expect(
        try await client.call(.get, "/api/v1/account", token: apiToken).status == .unauthorized)
      #expect(try await client.call(.get, "/api/v1/account", token: third).status == .ok)
    }
  }

  @Test func aPersonalTokenThatSignsOutEverywhereEndsItselfToo() async throws {
    try await withServer { client in
      let session = try await client.register("ann@example.com")
      let apiToken = try #require(
        try await client.call(.post, "/api/v1/tokens", token: session, json: #"{"name":"cli"}"#)
          .json["token"].string)
      #expect(
        try await client.call(.delete, "/api/v1/sessions", token: apiToken).status == .noContent)
      #expect(
        try await client.call(.get, "/api/v1/account", token: apiToken).status == .unauthorized)
      #expect(
        try await client.call(.get, "/api/v1/account", token: session).status == .unauthorized)
    }
  }

  @Test func changingThePasswordEndsEveryOtherSessionAndEveryPersonalToken() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let other = try #require(
        try await client.call(
          .post, "/api/v1/sessions",
          json: #"{"email":"ann@example.com","password":"correct horse"}"#
        ).json["token"].string)
      let apiToken = try #require(
        try await client.call(.post, "/api/v1/tokens", token: token, json: #"{"name":"cli"}"#).json[
          "token"
        ].string)
      let wrong = try await client.call(
        .put, "/api/v1/account/password", token: token,
        json: #"{"currentPassword":"guess guess","newPassword":"battery staple"}"#)
      #expect(wrong.status == .forbidden && wrong.errorCode == "wrong_password")
      #expect(
        try await client.call(
          .put, "/api/v1/account/password", token: token,
          json: #"{"currentPassword":"correct horse","newPassword":"battery staple"}"#
        ).status == .noContent)
      #expect(try await client.call(.get, "/api/v1/account", token: other).status == .unauthorized)
      #expect(
        try await client.call(.get, "/api/v1/account", token: apiToken).status == .unauthorized)
      #expect(try await client.call(.get, "/api/v1/account", token: token).status == .ok)
      #expect(
        try await client.call(
          .post, "/api/v1/sessions",
          json: #"{"email":"ann@example.com","password":"battery staple"}"#
        ).status == .ok)
    }
  }

  @Test func deletingTheAccountRemovesEverything() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let habit = try await client.createHabit(token)
      _ = try await client.call(.put, "/api/v1/habits/\(habit)/entries/\(today)/done", token: token)
      let refused = try await client.call(
        .delete, "/api/v1/account", token: token, json: #"{"password":"wrong one"}"#)
      #expect(refused.status == .forbidden)
      #expect(
        try await client.call(
          .delete, "/api/v1/account", token: token, json: #"{"password":"correct horse"}"#
        ).status == .noContent)
      #expect(try await client.call(.get, "/api/v1/habits", token: token).status == .unauthorized)
      let again = try await client.register("ann@example.com")
      #expect(
        try await client.call(.get, "/api/v1/habits", token: again).json["habits"].array.isEmpty)
    }
  }

  @Test func personalTokensAreCreatedListedAndRevoked() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let created = try await client.call(
        .post, "/api/v1/tokens", token: token, json: #"{"name":"laptop script"}"#)
      #expect(created.status == .created)
      let secret = try #require(created.json["token"].string)
      let id = try #require(created.json["id"].string)
      let list = try await client.call(.get, "/api/v1/tokens", token: token)
      #expect(list.json["tokens"].array.map { $0["name"].string } == ["laptop script"])
      #expect(!list.text.contains(secret))
      #expect(try await client.call(.get, "/api/v1/habits", token: secret).status == .ok)
      let logout = try await client.call(.delete, "/api/v1/sessions/current", token: secret)
      #expect(logout.status == .unprocessableContent && logout.errorCode == "api_token")
      #expect(
        try await client.call(.delete, "/api/v1/tokens/\(id)", token: token).status == .noContent)
      #expect(try await client.call(.get, "/api/v1/habits", token: secret).status == .unauthorized)
      #expect(
        try await client.call(.delete, "/api/v1/tokens/\(id)", token: token).status == .notFound)
    }
  }

  @Test func loginIsRateLimitedPerAccountWithRetryAfter() async throws {
    try await withServer { client in
      _ = try await client.register("ann@example.com")
      for _ in 0..<5 {
        let response = try await client.call(
          .post, "/api/v1/sessions", json: #"{"email":"ann@example.com","password":"wrong pass"}"#)
        #expect(response.status == .unauthorized)
      }
      let blocked = try await client.call(
        .post, "/api/v1/sessions", json: #"{"email":"ann@example.com","password":"correct horse"}"#)
      #expect(blocked.status == .tooManyRequests && blocked.errorCode == "too_many_attempts")
      let wait = try #require(blocked.headers[.retryAfter].flatMap(Int.init))
      #expect(wait > 0 && wait <= 900)
    }
  }

  @Test func loginIsRateLimitedPerAddress() async throws {
    let strict: (inout ServerConfiguration) -> Void = { $0.loginAttemptsPerAddress = 3 }
    try await withServer(configure: strict) { client in
      for index in 0..<3 {
        _ = try await client.call(
          .post, "/api/v1/sessions",
          json: #"{"email":"user\#(index)@example.com","password":"whatever1"}"#)
      }
      let blocked = try await client.call(
        .post, "/api/v1/sessions", json: #"{"email":"someone@example.com","password":"whatever1"}"#)
      #expect(blocked.status == .tooManyRequests && blocked.headers[.retryAfter] != nil)
    }
  }

  @Test func anExpiredSessionIsRefused() async throws {
    let clock = ManualClock()
    try await withServer(clock: clock.wall) { client in
      let token = try await client.register("ann@example.com")
      clock.advance(milliseconds: 31 * 24 * 60 * 60 * 1000)
      let response = try await client.call(.get, "/api/v1/account", token: token)
      #expect(response.status == .unauthorized && response.errorCode == "session_expired")
    }
  }

  @Test func cookieSessionsNeedTheCSRFTokenToChangeAnything() async throws {
    try await withServer { client in
      let registered = try await client.call(
        .post, "/api/v1/accounts", json: #"{"email":"ann@example.com","password":"correct horse"}"#)
      let session = try #require(registered.json["token"].string)
      let csrf = try #require(registered.json["csrfToken"].string)
      let cookie = "habitflow_session=\(session); habitflow_csrf=\(csrf)"
      let read = try await client.call(.get, "/api/v1/habits", headers: [.cookie: cookie])
      #expect(read.status == .ok)
      let forged = try await client.call(
        .post, "/api/v1/habits", json: #"{"title":"Read","category":"health"}"#,
        headers: [.cookie: cookie])
      #expect(forged.status == .forbidden && forged.errorCode == "csrf_failed")
      let wrong = try await client.call(
        .post, "/api/v1/habits", json: #"{"title":"Read","category":"health"}"#,
        headers: [.cookie: cookie, HTTPField.Name("X-CSRF-Token")!: "other"])
      #expect(wrong.status == .forbidden)
      let good = try await client.call(
        .post, "/api/v1/habits", json: #"{"title":"Read","category":"health"}"#,
        headers: [.cookie: cookie, HTTPField.Name("X-CSRF-Token")!: csrf])
      #expect(good.status == .created)
    }
  }

  @Test func everyResponseCarriesTheSecurityHeaders() async throws {
    try await withServer { client in
      for response in [
        try await client.call(.get, "/healthz"), try await client.call(.get, "/api/v1/account"),
        try await client.call(.get, "/no/such/page"),
      ] {
        let policy = try #require(response.headers[.contentSecurityPolicy])
        #expect(policy.contains("'wasm-unsafe-eval'") && !policy.contains("unsafe-inline"))
        #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
        #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
      }
      let missing = try await client.call(.get, "/no/such/page")
      #expect(missing.status == .notFound && missing.errorCode == "not_found")
    }
  }
}

@Suite struct TokenUseTests {
  @Test func aPersonalTokenShowsWhenItWasLastUsed() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let secret = try #require(
        try await client.call(.post, "/api/v1/tokens", token: token, json: #"{"name":"cli"}"#).json[
          "token"
        ].string)
      #expect(
        try await client.call(.get, "/api/v1/tokens", token: token).json["tokens"][0]["lastUsedAt"]
          == .null)
      _ = try await client.call(.get, "/api/v1/habits", token: secret)
      #expect(
        try await client.call(.get, "/api/v1/tokens", token: token).json["tokens"][0]["lastUsedAt"]
          .int != nil)
    }
  }
}
