import HTTPTypes
import HummingbirdTesting
import Testing

@testable import HabitServer

/// The proxy in front of the live test server: every test connection comes from loopback.
private let loopback = ["127.0.0.1", "::1"]
private let behindLoopback: @Sendable (inout ServerConfiguration) -> Void = {
  $0.trustedProxies = loopback
}

extension TestClientProtocol {
  /// Signs in as `email`, optionally as if through a proxy that reports `forwardedFor`.
  fileprivate func signIn(
    _ email: String, password: String, forwardedFor: String? = nil
  ) async throws -> TestResponse {
    var headers: HTTPFields = [:]
    if let forwardedFor { headers[ClientOrigin.forwardedFor] = forwardedFor }
    return try await call(
      .post, "/api/v1/sessions", json: #"{"email":"\#(email)","password":"\#(password)"}"#,
      headers: headers)
  }
}

@Suite struct LoginProtectionTests {
  @Test func signingInTakesAsLongWhetherOrNotTheEmailHasAnAccount() async throws {
    let realistic: (inout ServerConfiguration) -> Void = {
      $0.passwordCost = 10
      $0.loginAttemptsPerAddress = 1_000
      $0.loginFailuresPerAccount = 1_000
    }
    try await withServer(configure: realistic) { client in
      _ = try await client.register("ann@example.com")
      var known: [Duration] = []
      var unknown: [Duration] = []
      // Interleaved, so a slow moment of a busy host hits both kinds alike.
      for round in 0..<5 {
        for (email, times) in [("ann@example.com", 0), ("nobody\(round)@example.com", 1)] {
          let start = ContinuousClock.now
          let response = try await client.signIn(email, password: "wrong password")
          let elapsed = ContinuousClock.now - start
          #expect(response.status == .unauthorized)
          if times == 0 { known.append(elapsed) } else { unknown.append(elapsed) }
        }
      }
      let knownMedian = known.sorted()[2]
      let unknownMedian = unknown.sorted()[2]
      #expect(
        unknownMedian >= knownMedian / 2,
        "unknown email \(unknownMedian) against known email \(knownMedian)")
    }
  }

  @Test func wrongPasswordsFromOneAddressDoNotLockOutTheOwnerElsewhere() async throws {
    try await withServer(.live, configure: behindLoopback) { client in
      _ = try await client.register("ann@example.com")
      for _ in 0..<5 {
        let guess = try await client.signIn(
          "ann@example.com", password: "wrong pass", forwardedFor: "203.0.113.9")
        #expect(guess.status == .unauthorized)
      }
      let stranger = try await client.signIn(
        "ann@example.com", password: "correct horse", forwardedFor: "203.0.113.9")
      #expect(stranger.status == .tooManyRequests)
      let owner = try await client.signIn(
        "ann@example.com", password: "correct horse", forwardedFor: "198.51.100.7")
      #expect(owner.status == .ok)
    }
  }

  @Test func successfulSignInsDoNotCountTowardTheLimits() async throws {
    let strict: (inout ServerConfiguration) -> Void = {
      $0.loginAttemptsPerAddress = 3
      $0.loginFailuresPerAccount = 2
    }
    try await withServer(configure: strict) { client in
      _ = try await client.register("ann@example.com")
      for _ in 0..<6 {
        let response = try await client.signIn("ann@example.com", password: "correct horse")
        #expect(response.status == .ok)
      }
      for _ in 0..<2 {
        let guess = try await client.signIn("ann@example.com", password: "wrong pass")
        #expect(guess.status == .unauthorized)
      }
      let blocked = try await client.signIn("ann@example.com", password: "correct horse")
      #expect(blocked.status == .tooManyRequests)
    }
  }

  @Test func parallelGuessesCannotOutrunTheFailureLimit() async throws {
    try await withServer { client in
      _ = try await client.register("ann@example.com")
      let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
        for index in 0..<20 {
          group.addTask {
            try await client.signIn("ann@example.com", password: "guess \(index)").status
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(statuses.filter { $0 == .unauthorized }.count == 5)
      #expect(statuses.filter { $0 == .tooManyRequests }.count == 15)
    }
  }

  @Test func forwardedForIsIgnoredUnlessThePeerIsATrustedProxy() async throws {
    try await withServer(.live) { client in
      _ = try await client.register("ann@example.com")
      for index in 0..<5 {
        _ = try await client.signIn(
          "ann@example.com", password: "wrong pass", forwardedFor: "203.0.113.\(index)")
      }
      let spoofed = try await client.signIn(
        "ann@example.com", password: "correct horse", forwardedFor: "198.51.100.7")
      #expect(spoofed.status == .tooManyRequests)
    }
  }

  @Test func addressesAClientWritesLeftOfItsOwnDoNotEscapeTheLimit() async throws {
    try await withServer(.live, configure: behindLoopback) { client in
      _ = try await client.register("ann@example.com")
      for index in 0..<5 {
        _ = try await client.signIn(
          "ann@example.com", password: "wrong pass", forwardedFor: "10.0.0.\(index), 203.0.113.9")
      }
      let again = try await client.signIn(
        "ann@example.com", password: "correct horse", forwardedFor: "198.51.100.7, 203.0.113.9")
      #expect(again.status == .tooManyRequests)
    }
  }

  @Test func theClientIsTheRightMostForwardedAddressThatIsNotATrustedProxy() {
    let proxies: Set = ["127.0.0.1", "10.0.0.2"]
    var headers: HTTPFields = [ClientOrigin.forwardedProto: "https"]
    headers.append(HTTPField(name: ClientOrigin.forwardedFor, value: "198.51.100.7, 203.0.113.9"))
    headers.append(HTTPField(name: ClientOrigin.forwardedFor, value: "10.0.0.2"))
    let behind = ClientOrigin(peer: "127.0.0.1", headers: headers, trustedProxies: proxies)
    #expect(behind == ClientOrigin(address: "203.0.113.9", overHTTPS: true))
    let direct = ClientOrigin(peer: "192.0.2.1", headers: headers, trustedProxies: proxies)
    #expect(direct == ClientOrigin(address: "192.0.2.1", overHTTPS: false))
    let mapped = ClientOrigin(peer: "::ffff:127.0.0.1", headers: headers, trustedProxies: proxies)
    #expect(mapped.address == "203.0.113.9")
  }

  @Test func oneIPv6NetworkCountsAsOneAddress() {
    let first = ClientOrigin(address: "2001:db8:1:2::1", overHTTPS: false)
    let second = ClientOrigin(address: "2001:db8:1:2:ffff::9", overHTTPS: false)
    let elsewhere = ClientOrigin(address: "2001:db8:1:3::1", overHTTPS: false)
    #expect(first.limitKey == second.limitKey)
    #expect(first.limitKey != elsewhere.limitKey)
    #expect(ClientOrigin(address: "203.0.113.9", overHTTPS: false).limitKey == "203.0.113.9")
  }
}
