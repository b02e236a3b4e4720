import Foundation

/// One `--trusted-proxy` value: an IPv4 or IPv6 address, or a CIDR range of them. Anything else
/// is refused at start, because a value that can never match would silently trust no one.
public struct TrustedProxy: Hashable, Sendable, CustomStringConvertible {
  /// The network's address, 4 bytes for IPv4 and 16 for IPv6, with the bits past the prefix zero.
  let bytes: [UInt8]
  /// How many leading bits an address must share with `bytes` to be this proxy.
  let prefixLength: Int

  /// Parses `1.2.3.4`, `10.0.0.0/8`, `::1`, `fd00::/8` (an IPv4-mapped IPv6 form counts as its
  /// IPv4 address); nil for a host name, a port, a bad prefix or anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let address = Self.bytes(of: String(parts[0])) else { return nil }
    let bits = address.count * 8
    var length = bits
    if parts.count == 2 {
      let digits = parts[1]
      guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ "0"..."9" ~= $0 }),
        digits == "0" || !digits.hasPrefix("0"), let prefix = Int(digits), prefix <= bits
      else { return nil }
      length = prefix
    }
    if address.count == 16, Array(address.prefix(12)) == Self.mappedPrefix, length >= 96 {
      self.init(masking: Array(address.suffix(4)), to: length - 96)
    } else {
      self.init(masking: address, to: length)
    }
  }

  private init(masking address: [UInt8], to length: Int) {
    bytes = address.enumerated().map { index, byte in
      let kept = min(max(length - index * 8, 0), 8)
      return kept == 8 ? byte : byte & ~(UInt8(0xFF) >> kept)
    }
    prefixLength = length
  }

  /// Every value in `texts`, or the first one that is not an address or a range; `source` (the
  /// option or variable they came from) names it in the refusal.
  public static func parse(_ texts: [String], from source: String = "--trusted-proxy") -> Result<
    [TrustedProxy], Refused
  > {
    var proxies: [TrustedProxy] = []
    for text in texts {
      guard let proxy = TrustedProxy(text) else {
        return .failure(Refused(value: text, source: source))
      }
      proxies.append(proxy)
    }
    return .success(proxies)
  }

  /// A value that is neither an IP address nor a CIDR range, and where it came from.
  public struct Refused: Error, Equatable, CustomStringConvertible {
    public let value: String
    public let source: String

    public var description: String {
      source + " takes IP addresses and CIDR ranges (127.0.0.1, 10.0.0.0/8, ::1, fd00::/8), not \""
        + value + "\"."
    }
  }

  /// Whether `address` (as `ClientOrigin.normalized` spells it) lies in this network; an
  /// IPv4-mapped IPv6 address counts as its IPv4 address.
  func contains(_ address: String) -> Bool {
    guard var candidate = Self.bytes(of: address) else { return false }
    if candidate.count == 16, bytes.count == 4, Array(candidate.prefix(12)) == Self.mappedPrefix {
      candidate = Array(candidate.suffix(4))
    }
    guard candidate.count == bytes.count else { return false }
    return TrustedProxy(masking: candidate, to: prefixLength).bytes == bytes
  }

  public var description: String {
    let family = bytes.count == 4 ? AF_INET : AF_INET6
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    _ = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
    let address = String(
      decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return prefixLength == bytes.count * 8 ? address : address + "/\(prefixLength)"
  }

  private static let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]

  /// The address's bytes in network order, for the two textual forms `inet_pton` accepts.
  private static func bytes(of text: String) -> [UInt8]? {
    if text.contains(":") {
      var address = in6_addr()
      guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
      return withUnsafeBytes(of: &address) { Array($0) }
    }
    var address = in_addr()
    guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
    return withUnsafeBytes(of: &address) { Array($0) }
  }
}
