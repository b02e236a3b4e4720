/// A card color as 24-bit RGB. The palette offers the choices the app shows; imported habits may
/// bring any other color.
public struct HabitColor: Hashable, Sendable {
  public let rgb: UInt32

  public init(rgb: UInt32) {
    self.rgb = rgb & 0xFF_FFFF
  }

  /// Parses "#RRGGBB" (the # is optional); nil otherwise.
  public init?(hex: String) {
    var digits = Substring(hex)
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    guard digits.utf8.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
    self.init(rgb: value)
  }

  /// "#RRGGBB" in upper case.
  public var hex: String {
    let digits = String(rgb, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 6 - digits.count) + digits
  }

  /// The 18 colors the color picker offers.
  public static let palette: [HabitColor] = [
    0xFD4C49, 0xFF881E, 0x007BFA, 0x6E44FE, 0x33CF69, 0xE66DD4, 0xF9D4D4, 0x34A7FE, 0x46E69D,
    0x35347C, 0xFF674D, 0xFF99CC, 0xF6C48B, 0x7994F5, 0x832CF1, 0xAD56DA, 0x8D72E6, 0x2FD058,
  ].map { HabitColor(rgb: $0) }
}
