/// Text rules shared by every field: people type stray spaces, and count characters the way they
/// see them (grapheme clusters), so a flag emoji is one character, not four scalars.
public enum Text {
  /// Removes leading and trailing whitespace and newlines.
  public static func trimmed(_ text: String) -> String {
    var scalars = Substring(text).unicodeScalars
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(scalars)
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
