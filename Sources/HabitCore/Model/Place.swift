/// A saved place (Home, Work, the gym) that location reminders point at.
public struct Place: Hashable, Sendable, Identifiable {
  public let id: PlaceID
  public var name: String
  /// The address as the person wrote it (seed 001's address screen); empty when not given.
  public var address: String
  /// Degrees × 1,000,000, so coordinates stay exact integers on every device.
  public var latitudeMicro: Int
  public var longitudeMicro: Int
  public var radiusMeters: Int

  public init(
    id: PlaceID, name: String, latitudeMicro: Int, longitudeMicro: Int, radiusMeters: Int = 100,
    address: String = ""
  ) {
    self.id = id
    self.name = name
    self.address = address
    self.latitudeMicro = latitudeMicro
    self.longitudeMicro = longitudeMicro
    self.radiusMeters = radiusMeters
  }

  /// The most characters a place name may have.
  public static let maximumNameLength = 60
  /// The most characters an address may have.
  public static let maximumAddressLength = 200
  /// The widest circle a place reminder may watch, in metres.
  public static let maximumRadius = 100_000
}

extension Place {
  /// Decimal degrees ("52.520008", "-0.1") as millionths of a degree, exactly, the way a
  /// person types them; nil for anything else (more than six decimals included).
  public static func micro(degrees text: String) -> Int? {
    var value = 0
    var sign = 1
    var decimals = -1
    var digits = 0
    var first = true
    for byte in Text.trimmed(text).utf8 {
      defer { first = false }
      if first, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
        sign = byte == UInt8(ascii: "-") ? -1 : 1
        continue
      }
      if byte == UInt8(ascii: "."), decimals < 0 {
        decimals = 0
        continue
      }
      let digit = Int(byte) - 48
      guard digit >= 0, digit <= 9, decimals < 6, value < 1_000_000_000 else { return nil }
      value = value * 10 + digit
      digits += 1
      if decimals >= 0 { decimals += 1 }
    }
    guard digits > 0 else { return nil }
    for _ in max(decimals, 0)..<6 { value *= 10 }
    return sign * value
  }

  /// Millionths of a degree as decimal degrees with six places ("52.520008").
  public static func degrees(_ micro: Int) -> String {
    let size = micro < 0 ? -micro : micro
    var fraction = String(size % 1_000_000)
    while fraction.utf8.count < 6 { fraction = "0" + fraction }
    return (micro < 0 ? "-" : "") + String(size / 1_000_000) + "." + fraction
  }
}
