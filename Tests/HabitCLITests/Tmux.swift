import Foundation
import Testing

/// A terminal a person would use: a shell in a tmux session of its own (its own server socket),
/// typed into with send-keys and read with capture-pane.
final class Tmux {
  let socket = "habitflow-test-\(UUID().uuidString.prefix(8))"
  let dataFolder: String

  /// The `habit` built beside this test binary (`swift build --show-bin-path`).
  static var habit: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("habit").path
  }

  init(dataFolder: String) throws {
    self.dataFolder = dataFolder
    let binFolder = URL(fileURLWithPath: Self.habit).deletingLastPathComponent().path
    let shell =
      "env -i HOME=\(dataFolder) TERM=xterm-256color LANG=C.UTF-8 PATH=\(binFolder):/usr/bin:/bin "
      + "HABITFLOW_CLI_DATA_DIR=\(dataFolder) PS1='$ ' sh"
    try run(["new-session", "-d", "-s", "main", "-x", "110", "-y", "45", shell])
  }

  deinit {
    try? run(["kill-server"])
  }

  /// Runs a tmux command with posix_spawn and waitpid (Foundation's Process waits on a run
  /// loop, which can stall inside Swift concurrency); only capture-pane's output is read, since
  /// the server new-session starts must not inherit a pipe.
  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let capture = arguments.first == "capture-pane"
    var pipe: [Int32] = [-1, -1]
    if capture { guard Glibc.pipe(&pipe) == 0 else { throw CocoaError(.fileReadUnknown) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    if capture {
      posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
      posix_spawn_file_actions_addclose(&actions, pipe[0])
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    Self.closeOnExec()
    let argv = (["/usr/bin/tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child: pid_t = 0
    guard posix_spawn(&child, "/usr/bin/tmux", &actions, nil, argv, environ) == 0 else {
      throw CocoaError(.executableLoad)
    }
    var output: [UInt8] = []
    if capture {
      close(pipe[1])
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(pipe[0], &buffer, buffer.count)
        if count <= 0 { break }
        output += buffer[0..<count]
      }
      close(pipe[0])
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) == -1 && errno == EINTR {}
    return String(decoding: output, as: UTF8.self)
  }

  /// Marks every descriptor above stderr close-on-exec, so tmux inherits none of this process's:
  /// a tmux server holding a database connection in the middle of a transaction would hold that
  /// transaction for as long as it runs.
  private static func closeOnExec() {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    else { return }
    for entry in entries {
      if let descriptor = Int32(entry), descriptor > 2 {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      }
    }
  }

  /// Types a line and presses Enter.
  func type(_ line: String) throws {
    try run(["send-keys", "-t", "main", "-l", line])
    try run(["send-keys", "-t", "main", "Enter"])
  }

  func clear() throws {
    try type("clear")
    try run(["clear-history", "-t", "main"])
  }

  var screen: String {
    (try? run(["capture-pane", "-p", "-t", "main"])) ?? ""
  }

  /// The screen with its colours and attributes as escape sequences.
  var styledScreen: String {
    (try? run(["capture-pane", "-p", "-e", "-t", "main"])) ?? ""
  }

  /// Waits until the screen shows `text` (polling, never a fixed sleep) and returns the screen;
  /// records an issue with what the screen showed when it does not within `seconds`.
  @discardableResult
  func waitFor(
    _ text: String, seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> String {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let shown = screen
      if shown.contains(text) { return shown }
      try? await Task.sleep(for: .milliseconds(50))
    }
    let shown = screen
    Issue.record("The screen never showed \"\(text)\":\n\(shown)", sourceLocation: sourceLocation)
    return shown
  }
}
