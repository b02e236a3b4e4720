import HTTPTypes
import HummingbirdTesting
import Logging
import Testing

@testable import HabitServer

/// `--trusted-proxy` takes addresses and CIDR ranges, ranges match what lies in them, and
/// anything else is refused rather than silently trusting no one.
@Suite struct TrustedProxyTests {
  @Test func addressesAndRangesOfBothFamiliesAreAccepted() {
    let spelled = [
      ("127.0.0.1", "127.0.0.1"), ("10.0.0.0/8", "10.0.0.0/8"), ("10.1.2.3/8", "10.0.0.0/8"),
      ("0.0.0.0/0", "0.0.0.0/0"), ("::1", "::1"), ("fd00::/8", "fd00::/8"),
      ("2001:db8::1/128", "2001:db8::1"), ("::ffff:192.0.2.1", "192.0.2.1"),
      ("::ffff:192.0.2.0/120", "192.0.2.0/24"),
    ]
    for (text, shown) in spelled {
      #expect(TrustedProxy(text)?.description == shown, "\(text)")
    }
  }

  @Test func hostNamesPortsBadPrefixesAndGarbageAreRefused() {
    let refused = [
      "", "proxy.example.org", "localhost", "127.0.0.1:8080", "[::1]", "10.0.0.0/33", "::/129",
      "10.0.0.0/", "10.0.0.0/-1", "10.0.0.0/+8", "10.0.0.0/08", "10.0.0.0/8/8", "10.0.0",
      "010.0.0.1", "256.0.0.1", " 127.0.0.1", "fe80::1%eth0", "1.2.3.4/٨", "*",
    ]
    for text in refused {
      #expect(TrustedProxy(text) == nil, "\(text)")
    }
    #expect(
      TrustedProxy.parse(["127.0.0.1", "proxy.example.org", "bad"])
        == .failure(.init(value: "proxy.example.org", source: "--trusted-proxy")))
  }

  @Test func aRangeTrustsEveryAddressInItAndNoOther() {
    let proxies: Set = ["10.0.0.0/8", "fd00::/8"]
    let headers: HTTPFields = [
      ClientOrigin.forwardedFor: "203.0.113.9, 10.9.9.9", ClientOrigin.forwardedProto: "https",
    ]
    for peer in ["10.1.2.3", "::ffff:10.200.0.1", "fd12:3456::1", "[fd00::2]"] {
      let origin = ClientOrigin(peer: peer, headers: headers, trustedProxies: proxies)
      #expect(origin == ClientOrigin(address: "203.0.113.9", overHTTPS: true), "\(peer)")
    }
    for peer in ["11.0.0.1", "192.0.2.1", "fe00::1", "::1"] {
      let origin = ClientOrigin(peer: peer, headers: headers, trustedProxies: proxies)
      #expect(origin.address != "203.0.113.9" && !origin.overHTTPS, "\(peer)")
    }
  }

  @Test func aServerBuiltWithAnUnusableTrustedProxyDoesNotStart() async throws {
    var configuration = testConfiguration()
    configuration.trustedProxies = ["127.0.0.1", "proxy.example.org"]
    await #expect(
      throws: StartUpError(
        TrustedProxy.Refused(value: "proxy.example.org", source: "--trusted-proxy").description)
    ) {
      _ = try await buildApplication(configuration, logger: Logger(label: "habitflow-test"))
    }
  }

  @Test func aSecondServerInThisProcessOnTheSameFolderDoesNotStartUntilTheFirstStops()
    async throws
  {
    let configuration = testConfiguration()
    let logger = {
      var logger = Logger(label: "habitflow-test")
      logger.logLevel = .warning
      return logger
    }()
    let first = try await buildApplication(configuration, logger: logger)
    try await first.test(.router) { client in
      let error = await #expect(throws: StartUpError.self) {
        _ = try await buildApplication(configuration, logger: logger)
      }
      #expect(error?.description.contains("is using the data folder") == true)
      _ = try await client.register("ann@example.org")
    }
    let again = try await buildApplication(configuration, logger: logger)
    try await again.test(.router) { client in
      let response = try await client.call(
        .post, "/api/v1/sessions", json: #"{"email":"ann@example.org","password":"correct horse"}"#)
      #expect(response.status == .ok || response.status == .created, "\(response.text)")
    }
  }
}
