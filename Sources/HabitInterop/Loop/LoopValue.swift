/// One day's value as Loop writes it: a word (YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN), the
/// older number for it (2, 1, 0, 3, -1), a numeric habit's amount × 1000, or either inside
/// `Entry(timestamp=…, value=…)`.
enum LoopValue {
  static let yes = 2
  static let auto = 1
  static let no = 0
  static let skip = 3
  static let unknown = -1

  /// The value's number, or nil when the cell is none of Loop's spellings.
  static func code(_ cell: String) -> Int? {
    var text = Substring(cell.trimmingSpaces)
    if text.hasPrefix("Entry("), text.hasSuffix(")"), let equals = text.lastIndex(of: "=") {
      text = text[text.index(after: equals)..<text.index(before: text.endIndex)]
    }
    switch text {
    case "YES_MANUAL": return yes
    case "YES_AUTO": return auto
    case "NO": return no
    case "SKIP": return skip
    case "UNKNOWN", "": return unknown
    default: return Int(text)
    }
  }

  /// What the error says about a cell that is not a Loop value.
  static func message(_ cell: String) -> String {
    "\"" + cell + "\" is not a Loop value (YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN or a number)."
  }
}

extension String {
  /// The text without leading and trailing spaces (the cells of `Entry(…, value=…)` have one).
  var trimmingSpaces: Substring {
    var text = Substring(self)
    while text.first == " " { text = text.dropFirst() }
    while text.last == " " { text = text.dropLast() }
    return text
  }
}
