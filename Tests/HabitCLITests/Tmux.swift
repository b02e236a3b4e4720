import Foundation
import HabitTestSupport
import Testing

/// A terminal a person would use: a shell in a tmux session of its own (its own server socket),
/// typed into with send-keys and read with capture-pane. Every tmux command is a child process
/// awaited off Swift's cooperative thread pool.
final class Tmux: Sendable {
  let socket = "habitflow-test-\(UUID().uuidString.prefix(8))"
  let dataFolder: String

  /// The `habit` built beside this test binary (`swift build --show-bin-path`).
  static var habit: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("habit").path
  }

  private init(dataFolder: String) {
    self.dataFolder = dataFolder
  }

  /// A new session running a shell with only `habit`'s folder and the system's on its PATH.
  static func start(dataFolder: String) async throws -> Tmux {
    let terminal = Tmux(dataFolder: dataFolder)
    let binFolder = URL(fileURLWithPath: Self.habit).deletingLastPathComponent().path
    let shell =
      "env -i HOME=\(dataFolder) TERM=xterm-256color LANG=C.UTF-8 PATH=\(binFolder):/usr/bin:/bin "
      + "HABITFLOW_CLI_DATA_DIR=\(dataFolder) PS1='$ ' sh"
    try await terminal.run(["new-session", "-d", "-s", "main", "-x", "110", "-y", "45", shell])
    return terminal
  }

  /// Ends the session's server without waiting (the child is reaped by its own thread).
  deinit {
    _ = try? ChildProcess("/usr/bin/tmux", ["-L", socket, "kill-server"])
  }

  /// Runs a tmux command and answers what it printed. Only capture-pane's output is read: the
  /// server new-session starts must not inherit a pipe, or its end would never be seen.
  @discardableResult
  func run(_ arguments: [String]) async throws -> String {
    let child = try ChildProcess(
      "/usr/bin/tmux", ["-L", socket] + arguments,
      output: arguments.first == "capture-pane" ? .capture : .discard)
    _ = await child.exit()
    return child.output
  }

  /// Types a line and presses Enter.
  func type(_ line: String) async throws {
    try await run(["send-keys", "-t", "main", "-l", line])
    try await run(["send-keys", "-t", "main", "Enter"])
  }

  func clear() async throws {
    try await type("clear")
    try await run(["clear-history", "-t", "main"])
  }

  var screen: String {
    get async { (try? await run(["capture-pane", "-p", "-t", "main"])) ?? "" }
  }

  /// The screen with its colours and attributes as escape sequences.
  var styledScreen: String {
    get async { (try? await run(["capture-pane", "-p", "-e", "-t", "main"])) ?? "" }
  }

  /// Waits until the screen shows `text` (polling, never a fixed sleep) and returns the screen;
  /// records an issue with what the screen showed when it does not within `seconds`.
  @discardableResult
  func waitFor(
    _ text: String, seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> String {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let shown = await screen
      if shown.contains(text) { return shown }
      try? await Task.sleep(for: .milliseconds(50))
    }
    let shown = await screen
    Issue.record("The screen never showed \"\(text)\":\n\(shown)", sourceLocation: sourceLocation)
    return shown
  }
}
