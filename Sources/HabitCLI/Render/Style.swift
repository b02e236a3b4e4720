/// Colours and symbols on a terminal, symbols alone with `NO_COLOR`, plain words otherwise (a
/// pipe, a file).
struct Style: Sendable {
  let colors: Bool
  let symbols: Bool

  private func paint(_ text: String, _ code: String) -> String {
    colors ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text
  }

  func bold(_ text: String) -> String { paint(text, "1") }
  func dim(_ text: String) -> String { paint(text, "2") }
  func green(_ text: String) -> String { paint(text, "32") }
  func yellow(_ text: String) -> String { paint(text, "33") }
  func red(_ text: String) -> String { paint(text, "31") }
  func cyan(_ text: String) -> String { paint(text, "36") }

  var done: String { symbols ? green("✓") : "[x]" }
  var open: String { symbols ? "○" : "[ ]" }
  var skipped: String { symbols ? yellow("↷") : "[s]" }
  var slipped: String { symbols ? red("✗") : "[!]" }
  var streak: String { symbols ? "🔥" : "streak" }

  /// The heatmap's five levels, 0 (nothing) to 4 (met).
  func cell(_ level: Int) -> String {
    let level = max(0, min(4, level))
    guard symbols else { return [".", "1", "2", "3", "#"][level] }
    guard colors else { return ["·", "░", "▒", "▓", "█"][level] }
    let shades = ["238", "22", "28", "34", "40"]
    return "\u{1B}[38;5;" + shades[level] + "m■\u{1B}[0m"
  }
}
