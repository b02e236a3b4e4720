import Foundation

/// Where a command writes and reads: the terminal, or a buffer in tests. Symbols when standard
/// output is a terminal, and colours too unless `NO_COLOR` is set.
public final class Console: @unchecked Sendable {
  public let colors: Bool
  /// Symbols (✓, ○, the heatmap's blocks) instead of plain words.
  public let symbols: Bool
  public let isInteractive: Bool
  /// Whether standard error is a terminal (progress bars are drawn there).
  let errorIsTerminal: Bool
  private let lock = NSLock()
  private var captured: (output: String, errors: String)?
  private var answers: [String]

  /// The process's own standard streams.
  public static func standard(environment: [String: String]) -> Console {
    let terminal = isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return Console(
      colors: terminal && !noColor, symbols: terminal,
      isInteractive: isatty(STDIN_FILENO) == 1, errorIsTerminal: isatty(STDERR_FILENO) == 1,
      capturing: false, answers: [])
  }

  /// A console that keeps what is written and answers prompts from `answers`, in order.
  public static func capturing(
    colors: Bool = false, symbols: Bool? = nil, answers: [String] = []
  ) -> Console {
    Console(
      colors: colors, symbols: symbols ?? colors, isInteractive: false, errorIsTerminal: false,
      capturing: true,
      answers: answers)
  }

  private init(
    colors: Bool, symbols: Bool, isInteractive: Bool, errorIsTerminal: Bool, capturing: Bool,
    answers: [String]
  ) {
    self.colors = colors
    self.symbols = symbols
    self.isInteractive = isInteractive
    self.errorIsTerminal = errorIsTerminal
    self.captured = capturing ? ("", "") : nil
    self.answers = answers
  }

  public var output: String { lock.withLock { captured?.output ?? "" } }
  public var errors: String { lock.withLock { captured?.errors ?? "" } }

  public func print(_ text: String) {
    write(text + "\n", error: false)
  }

  public func printError(_ text: String) {
    write(text + "\n", error: true)
  }

  /// Writes without a line break (a progress bar redrawing itself).
  func write(_ text: String, error: Bool) {
    lock.withLock {
      if captured != nil {
        if error { captured?.errors += text } else { captured?.output += text }
        return
      }
      let handle = error ? FileHandle.standardError : FileHandle.standardOutput
      handle.write(Data(text.utf8))
    }
  }

  /// One line the person types (nil at the end of input).
  func readLine() -> String? {
    lock.withLock {
      if captured != nil { return answers.isEmpty ? nil : answers.removeFirst() }
      return Swift.readLine()
    }
  }

  /// Asks a yes/no question on standard error; anything but yes is no.
  func confirm(_ question: String) -> Bool {
    write(question + " [y/N] ", error: true)
    let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    return answer == "y" || answer == "yes"
  }

  /// Reads a secret without echoing it when standard input is a terminal.
  func readSecret(_ prompt: String) -> String? {
    guard captured == nil, isInteractive else {
      write(prompt, error: true)
      let line = readLine()
      if captured == nil { write("\n", error: true) }
      return line
    }
    var settings = termios()
    tcgetattr(STDIN_FILENO, &settings)
    let saved = settings
    settings.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    defer {
      var restore = saved
      tcsetattr(STDIN_FILENO, TCSANOW, &restore)
    }
    write(prompt, error: true)
    let line = Swift.readLine()
    write("\n", error: true)
    return line
  }
}
