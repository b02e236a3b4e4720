/// A hybrid logical clock stamp: wall-clock milliseconds, a counter for events in the same
/// millisecond, and the device that made it. Totally ordered, and its text form sorts the same way,
/// so a database can compare stamps as strings.
public struct Stamp: Hashable, Comparable, Sendable {
  /// Milliseconds since 1970 (64-bit, also on wasm32).
  public let wall: Int64
  public let counter: Int
  public let device: String

  /// Milliseconds fit 15 digits until the year 33658; 5 counter digits allow 100,000 events in
  /// one millisecond.
  public static let maximumWall: Int64 = 999_999_999_999_999
  public static let maximumCounter = 99_999

  public init(wall: Int64, counter: Int, device: String) {
    self.wall = wall
    self.counter = counter
    self.device = device
  }

  /// "000001763769600000-00000-phone" style: fixed-width numbers, then the device id.
  public var text: String {
    padded(wall, 15) + "-" + padded(Int64(counter), 5) + "-" + device
  }

  /// Parses the text form; nil if any part is malformed.
  public init?(text: String) {
    // Read in place: a stored replica parses a stamp per field, so no copy of the bytes.
    var text = text
    let parts = text.withUTF8 { utf8 -> (Int64, Int64, String)? in
      guard utf8.count > 22, utf8[15] == UInt8(ascii: "-"), utf8[21] == UInt8(ascii: "-"),
        let wall = Self.digits(utf8[0..<15]), let counter = Self.digits(utf8[16..<21])
      else { return nil }
      return (wall, counter, String(decoding: utf8[22...], as: UTF8.self))
    }
    guard let (wall, counter, device) = parts, DeviceID.isValid(device) else { return nil }
    self.init(wall: wall, counter: Int(counter), device: device)
  }

  public static func < (lhs: Stamp, rhs: Stamp) -> Bool {
    if lhs.wall != rhs.wall { return lhs.wall < rhs.wall }
    if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
    return lhs.device.utf8.lexicographicallyPrecedes(rhs.device.utf8)
  }

  private static func digits(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
    var value: Int64 = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return value
  }

  private func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

/// Device ids appear inside stamps, change ids and entry field names, so they are limited to
/// characters that need no escaping anywhere.
public enum DeviceID {
  public static let maximumLength = 64

  public static func isValid(_ id: String, maximumLength: Int = maximumLength) -> Bool {
    let bytes = id.utf8
    guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
    return bytes.allSatisfy(isIdentifierByte)
  }

  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }
}
