/// Which IP addresses a push message may go to: public unicast ones only, so a subscription can
/// never make the server call its own machine or network (loopback, private, shared, link-local,
/// multicast, unspecified, documentation and reserved ranges, and the IPv6 forms that carry an
/// IPv4 address, such as `::ffff:127.0.0.1`). Loopback is allowed only when tests ask for it.
enum PushAddress {
  /// Whether `bytes` (4 for IPv4, 16 for IPv6) is an address a push service may have.
  static func isAllowed(_ bytes: [UInt8], allowingLoopback: Bool) -> Bool {
    switch bytes.count {
    case 4: return isAllowedIPv4(bytes, allowingLoopback: allowingLoopback)
    case 16: return isAllowedIPv6(bytes, allowingLoopback: allowingLoopback)
    default: return false
    }
  }

  /// Whether `bytes` is this machine: 127.0.0.0/8, `::1` or `::ffff:127.x.y.z`.
  static func isLoopback(_ bytes: [UInt8]) -> Bool {
    isAllowed(bytes, allowingLoopback: true) && !isAllowed(bytes, allowingLoopback: false)
  }

  /// IPv4 ranges no push service is at (RFC 6890's special-purpose registry).
  private static let refusedIPv4: [(prefix: [UInt8], bits: Int)] = [
    ([0, 0, 0, 0], 8),  // "this network", 0.0.0.0 included
    ([10, 0, 0, 0], 8),  // private
    ([100, 64, 0, 0], 10),  // shared address space (carrier-grade NAT)
    ([127, 0, 0, 0], 8),  // loopback
    ([169, 254, 0, 0], 16),  // link-local (cloud metadata services)
    ([172, 16, 0, 0], 12),  // private
    ([192, 0, 0, 0], 24),  // IETF protocol assignments
    ([192, 0, 2, 0], 24),  // documentation
    ([192, 88, 99, 0], 24),  // 6to4 relay anycast
    ([192, 168, 0, 0], 16),  // private
    ([198, 18, 0, 0], 15),  // benchmarking
    ([198, 51, 100, 0], 24),  // documentation
    ([203, 0, 113, 0], 24),  // documentation
    ([224, 0, 0, 0], 4),  // multicast
    ([240, 0, 0, 0], 4),  // reserved, and the broadcast address
  ]

  private static func isAllowedIPv4(_ bytes: [UInt8], allowingLoopback: Bool) -> Bool {
    if allowingLoopback && bytes[0] == 127 { return true }
    return !refusedIPv4.contains { matches(bytes, $0.prefix, bits: $0.bits) }
  }

  /// IPv6 ranges inside global unicast (2000::/3) that are not public addresses.
  private static let refusedIPv6: [(prefix: [UInt8], bits: Int)] = [
    ([0x20, 0x01, 0x00, 0x00], 23),  // IETF protocol assignments (Teredo, benchmarking…)
    ([0x20, 0x01, 0x0D, 0xB8], 32),  // documentation
    ([0x3F, 0xFF, 0x00, 0x00], 20),  // documentation
  ]

  private static func isAllowedIPv6(_ bytes: [UInt8], allowingLoopback: Bool) -> Bool {
    let embeddedAt96 = Array(bytes[12..<16])
    if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
      // ::ffff:a.b.c.d, an IPv4 address written as IPv6.
      return isAllowedIPv4(embeddedAt96, allowingLoopback: allowingLoopback)
    }
    if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return allowingLoopback }
    if matches(bytes, [0x00, 0x64, 0xFF, 0x9B], bits: 32) && bytes[4..<12].allSatisfy({ $0 == 0 }) {
      // 64:ff9b::a.b.c.d, NAT64's well-known prefix.
      return isAllowedIPv4(embeddedAt96, allowingLoopback: false)
    }
    if bytes[0] == 0x20 && bytes[1] == 0x02 {
      // 2002:a.b.c.d::, a 6to4 address.
      return isAllowedIPv4(Array(bytes[2..<6]), allowingLoopback: false)
    }
    // Only global unicast: this leaves out ::/8 (unspecified, IPv4-compatible), 100::/64,
    // unique-local fc00::/7, link-local fe80::/10, site-local fec0::/10 and multicast ff00::/8.
    guard bytes[0] & 0xE0 == 0x20 else { return false }
    return !refusedIPv6.contains { matches(bytes, $0.prefix, bits: $0.bits) }
  }

  /// Whether the first `bits` bits of `bytes` are those of `prefix`.
  private static func matches(_ bytes: [UInt8], _ prefix: [UInt8], bits: Int) -> Bool {
    for index in 0..<((bits + 7) / 8) {
      let mask: UInt8 = bits >= (index + 1) * 8 ? 0xFF : ~(0xFF >> UInt8(bits - index * 8))
      if bytes[index] & mask != prefix[index] & mask { return false }
    }
    return true
  }
}
