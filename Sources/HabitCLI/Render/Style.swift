/// Colours and symbols on a terminal, plain words otherwise (a pipe, a file, `NO_COLOR`).
struct Style: Sendable {
  let colors: Bool

  private func paint(_ text: String, _ code: String) -> String {
    colors ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text
  }

  func bold(_ text: String) -> String { paint(text, "1") }
  func dim(_ text: String) -> String { paint(text, "2") }
  func green(_ text: String) -> String { paint(text, "32") }
  func yellow(_ text: String) -> String { paint(text, "33") }
  func red(_ text: String) -> String { paint(text, "31") }
  func cyan(_ text: String) -> String { paint(text, "36") }

  var done: String { colors ? green("✓") : "[x]" }
  var open: String { colors ? "○" : "[ ]" }
  var skipped: String { colors ? yellow("↷") : "[s]" }
  var slipped: String { colors ? red("✗") : "[!]" }
  var streak: String { colors ? "🔥" : "streak" }

  /// The heatmap's five levels, 0 (nothing) to 4 (met).
  func cell(_ level: Int) -> String {
    guard colors else { return [".", "1", "2", "3", "#"][max(0, min(4, level))] }
    let shades = ["238", "22", "28", "34", "40"]
    return "\u{1B}[38;5;" + shades[max(0, min(4, level))] + "m■\u{1B}[0m"
  }
}
