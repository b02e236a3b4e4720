import Foundation
import Testing

@testable import HabitServer

/// The address rule on its own: public unicast passes; this machine, private networks and every
/// special-purpose range are refused, in IPv4 and in each IPv6 form that carries an IPv4 address.
@Suite struct PushAddressTests {
  private static func ipv4(_ text: String) -> [UInt8] {
    text.split(separator: ".").map { UInt8($0)! }
  }

  /// Eight groups of hex, `::` expanded.
  private static func ipv6(_ text: String) -> [UInt8] {
    let halves = text.components(separatedBy: "::")
    let head = halves[0].split(separator: ":").map { UInt16($0, radix: 16)! }
    let tail =
      halves.count > 1 ? halves[1].split(separator: ":").map { UInt16($0, radix: 16)! } : []
    let groups = head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    return groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  }

  @Test(arguments: [
    "0.0.0.0", "0.1.2.3", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.254",
    "127.0.0.1", "127.255.0.1", "169.254.169.254", "172.16.0.1", "172.31.255.255", "192.0.0.8",
    "192.0.2.1", "192.88.99.1", "192.168.0.1", "198.18.0.1", "198.19.255.255", "198.51.100.7",
    "203.0.113.9", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
  ])
  func refusedIPv4(address: String) {
    #expect(!PushAddress.isAllowed(Self.ipv4(address), allowingLoopback: false))
  }

  @Test(arguments: [
    "1.1.1.1", "8.8.8.8", "100.63.255.255", "100.128.0.1", "142.250.74.106", "172.15.0.1",
    "172.32.0.1", "192.169.0.1", "198.20.0.1", "223.255.255.255",
  ])
  func publicIPv4(address: String) {
    #expect(PushAddress.isAllowed(Self.ipv4(address), allowingLoopback: false))
  }

  @Test(arguments: [
    "::", "::1", "::ffff:7f00:1", "::ffff:a9fe:a9fe", "::ffff:a00:1", "::7f00:1",
    "64:ff9b::7f00:1", "64:ff9b::a00:1", "64:ff9b:1::1", "100::1", "2001::1", "2001:db8::1",
    "2002:7f00:1::1", "2002:c0a8:101::1", "3fff::1", "fc00::1", "fd12:3456::1", "fe80::1",
    "febf::1", "fec0::1", "ff02::1", "ff05::1:3",
  ])
  func refusedIPv6(address: String) {
    #expect(!PushAddress.isAllowed(Self.ipv6(address), allowingLoopback: false))
  }

  @Test(arguments: [
    "2607:f8b0:4004:c07::5f", "2a00:1450:4001:80b::200a", "::ffff:808:808", "64:ff9b::808:808",
    "2002:808:808::1",
  ])
  func publicIPv6(address: String) {
    #expect(PushAddress.isAllowed(Self.ipv6(address), allowingLoopback: false))
  }

  @Test func theTestSettingLetsOnlyLoopbackThrough() {
    for loopback in [Self.ipv4("127.0.0.1"), Self.ipv6("::1"), Self.ipv6("::ffff:7f00:1")] {
      #expect(PushAddress.isAllowed(loopback, allowingLoopback: true))
      #expect(PushAddress.isLoopback(loopback))
    }
    for other in [Self.ipv4("10.0.0.1"), Self.ipv4("169.254.169.254"), Self.ipv6("fe80::1")] {
      #expect(!PushAddress.isAllowed(other, allowingLoopback: true))
    }
    #expect(!PushAddress.isAllowed([1, 2, 3], allowingLoopback: true))
  }

  @Test func onlyPlainHostsOverHTTPSAreAccepted() {
    #expect(
      PushDestination.host(of: "https://fcm.googleapis.com/fcm/send/x", allowingLoopback: false)
        == "fcm.googleapis.com")
    #expect(
      PushDestination.host(of: "https://[2001:db8::1]:8443/x", allowingLoopback: false)
        == "2001:db8::1")
    for refused in [
      "http://push.example.net/x", "http+unix://%2Ftmp%2Fsock/x", "ftp://push.example.net/x",
      "https://user:pass@push.example.net/x", "https:///x",
      "https://push_example.net/x",
    ] {
      #expect(PushDestination.host(of: refused, allowingLoopback: false) == nil, "\(refused)")
    }
    #expect(PushDestination.host(of: "http://127.0.0.1:9/x", allowingLoopback: true) == "127.0.0.1")
  }

  @Test func secretsInPathsAreNotLogged() {
    let token = "Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4"
    typealias Log = RequestLogMiddleware<HabitRequestContext>
    #expect(Log.redacted("/calendar/\(token).ics") == "/calendar/***")
    #expect(Log.redacted("/api/v1/push/actions/anything") == "/api/v1/push/actions/***")
    #expect(Log.redacted("/api/v1/something/\(token)") == "/api/v1/something/***")
    #expect(
      Log.redacted("/api/v1/habits/0123456789abcdef0123456789abcdef/entries/2026-11-22")
        == "/api/v1/habits/0123456789abcdef0123456789abcdef/entries/2026-11-22")
  }
}
