/// A bar on standard error that redraws itself in place, for long work (a first sync, an
/// import). Drawn only on a terminal, and only once the work has taken a moment.
final class ProgressBar: @unchecked Sendable {
  private let console: Console
  private let width = 30
  private var drawn = false

  /// A bar when standard error is a terminal; nil otherwise (a script sees no redraws).
  static func make(_ console: Console, enabled: Bool) -> ProgressBar? {
    enabled && console.errorIsTerminal ? ProgressBar(console) : nil
  }

  init(_ console: Console) {
    self.console = console
  }

  func update(done: Int, total: Int, label: String) {
    let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    console.write(
      "\r\u{1B}[2K" + bar + " " + String(Int(fraction * 100)) + "% " + label, error: true)
    drawn = true
  }

  func finish() {
    if drawn { console.write("\r\u{1B}[2K", error: true) }
    drawn = false
  }
}
