import Foundation
import HTTPTypes
import HabitServer
import HummingbirdTesting
import Testing

private let csrfHeader = HTTPField.Name("X-CSRF-Token")!
private let hsts = HTTPField.Name("Strict-Transport-Security")!
private let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
private let newHabit = #"{"title":"Read","category":"health"}"#
private let ann = #"{"email":"ann@example.com","password":"correct horse"}"#

extension TestResponse {
  fileprivate var cookies: String { headers[values: .setCookie].joined(separator: "\n") }
}

@Suite struct CSRFBindingTests {
  @Test func aCSRFTokenOnlyPassesWithTheSessionItWasIssuedFor() async throws {
    try await withServer { client in
      let registered = try await client.call(.post, "/api/v1/accounts", json: ann)
      let session = try #require(registered.json["token"].string)
      let csrf = try #require(registered.json["csrfToken"].string)
      let other = try #require(
        try await client.call(.post, "/api/v1/sessions", json: ann).json["csrfToken"].string)
      #expect(other != csrf)
      for (cookie, header) in [("forged", "forged"), (other, other), (csrf, other)] {
        let refused = try await client.call(
          .post, "/api/v1/habits", json: newHabit,
          headers: [
            .cookie: "habitflow_session=\(session); habitflow_csrf=\(cookie)", csrfHeader: header,
          ])
        #expect(refused.status == .forbidden && refused.errorCode == "csrf_failed")
      }
      let good = try await client.call(
        .post, "/api/v1/habits", json: newHabit,
        headers: [
          .cookie: "habitflow_session=\(session); habitflow_csrf=\(csrf)", csrfHeader: csrf,
        ])
      #expect(good.status == .created)
    }
  }

  @Test func theCSRFCookieCarriesTheSessionsOwnToken() async throws {
    try await withServer { client in
      let registered = try await client.call(.post, "/api/v1/accounts", json: ann)
      let csrf = try #require(registered.json["csrfToken"].string)
      #expect(registered.cookies.contains("habitflow_csrf=\(csrf);"))
    }
  }

  @Test func aSessionWithAnOlderCSRFCookieIsGivenItsOwnOnTheNextCall() async throws {
    try await withServer { client in
      let registered = try await client.call(.post, "/api/v1/accounts", json: ann)
      let session = try #require(registered.json["token"].string)
      let csrf = try #require(registered.json["csrfToken"].string)
      let read = try await client.call(
        .get, "/api/v1/account",
        headers: [.cookie: "habitflow_session=\(session); habitflow_csrf=from-before"])
      #expect(read.status == .ok)
      #expect(read.cookies.contains("habitflow_csrf=\(csrf);"))
      let current = try await client.call(
        .get, "/api/v1/account",
        headers: [.cookie: "habitflow_session=\(session); habitflow_csrf=\(csrf)"])
      #expect(!current.cookies.contains("habitflow_csrf="))
    }
  }
}

@Suite struct HTTPSTests {
  @Test func cookiesAreSecureAndHSTSIsSentWhenATrustedProxySaysHTTPS() async throws {
    let proxied: (inout ServerConfiguration) -> Void = { $0.trustedProxies = ["127.0.0.1", "::1"] }
    try await withServer(.live, configure: proxied) { client in
      let secure = try await client.call(
        .post, "/api/v1/accounts", json: ann, headers: [forwardedProto: "https"])
      #expect(secure.status == .created)
      let cookies = secure.headers[values: .setCookie]
      #expect(cookies.count == 2 && cookies.allSatisfy { $0.contains("Secure") })
      #expect(secure.headers[hsts]?.hasPrefix("max-age=") == true)
      let plain = try await client.call(.post, "/api/v1/sessions", json: ann)
      #expect(plain.status == .ok && !plain.cookies.contains("Secure"))
      #expect(plain.headers[hsts] == nil)
    }
  }

  @Test func aForwardedProtoFromAnUntrustedPeerChangesNothing() async throws {
    try await withServer { client in
      let response = try await client.call(
        .post, "/api/v1/accounts", json: ann, headers: [forwardedProto: "https"])
      #expect(response.status == .created && !response.cookies.contains("Secure"))
      #expect(response.headers[hsts] == nil)
    }
  }

  @Test func secureCookiesAlwaysMarksEveryCookieAndSendsHSTSEverywhere() async throws {
    let always: (inout ServerConfiguration) -> Void = { $0.secureCookies = .always }
    try await withServer(configure: always) { client in
      let response = try await client.call(.post, "/api/v1/accounts", json: ann)
      let cookies = response.headers[values: .setCookie]
      #expect(cookies.count == 2 && cookies.allSatisfy { $0.contains("Secure") })
      #expect(try await client.call(.get, "/healthz").headers[hsts] != nil)
    }
  }
}

@Suite struct SignUpRaceTests {
  static var databases: [String?] {
    let postgres = ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"]
    return postgres.map { [nil, $0] } ?? [nil]
  }

  @Test(arguments: databases)
  func simultaneousSignUpsWithOneEmailGiveOneAccountAndConflictsNeverAServerError(
    databaseURL: String?
  ) async throws {
    let database: (inout ServerConfiguration) -> Void = { $0.databaseURL = databaseURL }
    try await withServer(configure: database) { client in
      for _ in 0..<3 {
        let body = #"{"email":"race-\#(UUID().uuidString)@example.com","password":"correct horse"}"#
        let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
          for _ in 0..<6 {
            group.addTask { try await client.call(.post, "/api/v1/accounts", json: body).status }
          }
          return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == .created }.count == 1, "\(statuses)")
        #expect(statuses.filter { $0 == .conflict }.count == 5, "\(statuses)")
      }
    }
  }
}
