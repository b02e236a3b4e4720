/// Which characters show: a name made only of zero-width spaces or control characters looks
/// empty to a person, so it is refused like an empty one. Listed by hand so the web module needs
/// no Unicode property tables.
extension Text {
  /// A generous cap on UTF-8 bytes per allowed character (the longest emoji sequences take
  /// about 40).
  public static let maximumBytesPerCharacter = 64

  /// C0 and C1 control characters (Unicode category Cc).
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Whitespace, controls, and the format and filler characters that draw nothing on their own
  /// (zero-width spaces and joiners, direction marks, variation selectors, tags, fillers).
  public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    if isWhitespace(scalar) || isControl(scalar) { return true }
    switch scalar.value {
    case 0xAD, 0x34F, 0x61C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x200B...0x200F,
      0x202A...0x202E, 0x2060...0x206F, 0x2800, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0,
      0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
      return true
    default:
      return false
    }
  }

  /// Whether the text has at least one character a person can see.
  public static func hasVisibleCharacter(_ text: String) -> Bool {
    text.unicodeScalars.contains { !isInvisible($0) }
  }

  /// Whether the text holds a control character; prose may keep line breaks and tabs.
  public static func containsControlCharacter(_ text: String, allowingLineBreaks: Bool) -> Bool {
    text.unicodeScalars.contains { scalar in
      guard isControl(scalar) else { return false }
      if allowingLineBreaks {
        return !(scalar == "\n" || scalar == "\r" || scalar == "\t")
      }
      return true
    }
  }
}
