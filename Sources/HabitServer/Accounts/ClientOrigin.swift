import Foundation
import HTTPTypes
import Hummingbird

/// Where a request comes from, for rate limits and cookies: the client's address and whether it
/// reached us over HTTPS. Proxy headers count only when the peer is a trusted proxy, because
/// anyone else can write them.
struct ClientOrigin: Equatable, Sendable {
  let address: String
  let overHTTPS: Bool

  static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
  static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

  init(address: String, overHTTPS: Bool) {
    self.address = address
    self.overHTTPS = overHTTPS
  }

  /// Behind trusted proxies the client is the right-most `X-Forwarded-For` hop that is not one of
  /// them: each proxy appends the address it saw, so hops further left are the client's own words.
  init(peer: String, headers: HTTPFields, trustedProxies: [TrustedProxy]) {
    let peer = Self.normalized(peer)
    let trusted = { (address: String) in trustedProxies.contains { $0.contains(address) } }
    guard trusted(peer) else {
      self.init(address: peer, overHTTPS: false)
      return
    }
    let hops = headers[values: Self.forwardedFor]
      .flatMap { $0.split(separator: ",") }
      .map { Self.normalized(String($0)) }
      .filter { !$0.isEmpty }
    let client = hops.last { !trusted($0) } ?? hops.first ?? peer
    let scheme = headers[values: Self.forwardedProto]
      .flatMap { $0.split(separator: ",") }.last?
      .trimmingCharacters(in: .whitespaces).lowercased()
    self.init(address: client, overHTTPS: scheme == "https")
  }

  /// The same with proxies as `--trusted-proxy` spells them (a value that is not an address or a
  /// range trusts no one).
  init(peer: String, headers: HTTPFields, trustedProxies: Set<String>) {
    self.init(
      peer: peer, headers: headers, trustedProxies: trustedProxies.compactMap(TrustedProxy.init))
  }

  init(_ request: Request, context: HabitRequestContext, configuration: ServerConfiguration) {
    guard !configuration.trustedNetworks.isEmpty else {
      self.init(address: Self.normalized(context.remoteAddress), overHTTPS: false)
      return
    }
    self.init(
      peer: context.remoteAddress, headers: request.headers,
      trustedProxies: configuration.trustedNetworks)
  }

  /// Whether cookies for `request` are marked Secure (and HSTS sent).
  static func isSecure(
    _ request: Request, context: HabitRequestContext, configuration: ServerConfiguration
  ) -> Bool {
    ClientOrigin(request, context: context, configuration: configuration)
      .isSecure(configuration.secureCookies)
  }

  /// Whether cookies for this request are marked Secure (and HSTS sent) under `mode`.
  func isSecure(_ mode: ServerConfiguration.SecureCookies) -> Bool {
    switch mode {
    case .always: true
    case .never: false
    case .automatic: overHTTPS
    }
  }

  /// The address as rate limits count it. An IPv6 client usually holds a whole /64, so its limits
  /// cover the /64; otherwise one person could use a fresh address for every guess.
  var limitKey: String {
    guard address.contains(":") else { return address }
    var parsed = in6_addr()
    guard inet_pton(AF_INET6, address, &parsed) == 1 else { return address }
    let prefix = withUnsafeBytes(of: &parsed) { Array($0.prefix(8)) }
    return Secrets.hex(prefix) + "/64"
  }

  /// One spelling per address: no spaces, brackets, IPv4 port or IPv4-mapped IPv6 prefix.
  static func normalized(_ text: String) -> String {
    var address = text.trimmingCharacters(in: .whitespaces).lowercased()
    if address.hasPrefix("["), let close = address.firstIndex(of: "]") {
      address = String(address[address.index(after: address.startIndex)..<close])
    }
    if address.hasPrefix("::ffff:"), address.contains(".") {
      address.removeFirst("::ffff:".count)
    }
    if address.contains("."), let colon = address.firstIndex(of: ":") {
      address = String(address[..<colon])
    }
    return address
  }
}
