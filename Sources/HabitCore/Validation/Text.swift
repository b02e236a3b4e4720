/// Text rules shared by every field: people type stray spaces, and count characters the way they
/// see them (grapheme clusters), so a flag emoji is one character, not four scalars.
public enum Text {
  /// Removes leading and trailing whitespace and newlines.
  public static func trimmed(_ text: String) -> String {
    var scalars = Substring(text).unicodeScalars
    while let first = scalars.first, isWhitespace(first) { scalars.removeFirst() }
    while let last = scalars.last, isWhitespace(last) { scalars.removeLast() }
    return String(scalars)
  }

  /// Unicode's White_Space characters, listed so the web module needs no property tables.
  public static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      return true
    default:
      return false
    }
  }

  /// Lower case for matching (search, duplicate names): ASCII, Latin-1, Latin Extended-A, Greek
  /// and Cyrillic, without the full Unicode case tables (which would double the web module).
  public static func folded(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      var lowered = value
      switch value {
      case 0x41...0x5A, 0xC0...0xD6, 0xD8...0xDE, 0x391...0x3A1, 0x3A3...0x3AB, 0x410...0x42F:
        lowered = value + 32
      case 0x400...0x40F: lowered = value + 80
      case 0x100...0x137, 0x14A...0x177:
        lowered = value | 1
      case 0x139...0x148, 0x179...0x17E:
        lowered = value % 2 == 1 ? value + 1 : value
      default: break
      }
      result.append(Unicode.Scalar(lowered) ?? scalar)
    }
    return String(result)
  }

  /// Characters as a person counts them.
  public static func length(_ text: String) -> Int {
    text.count
  }
}

extension Text {
  /// Whether `needle` occurs in `haystack`, comparing characters.
  public static func contains(_ haystack: String, _ needle: String) -> Bool {
    let hay = Array(haystack)
    let pin = Array(needle)
    guard !pin.isEmpty else { return true }
    guard pin.count <= hay.count else { return false }
    for start in 0...(hay.count - pin.count) where hay[start] == pin[0] {
      var index = 1
      while index < pin.count && hay[start + index] == pin[index] { index += 1 }
      if index == pin.count { return true }
    }
    return false
  }
}
