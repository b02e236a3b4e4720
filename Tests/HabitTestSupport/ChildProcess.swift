import Foundation
import Synchronization

/// A child process the tests start and await without blocking Swift's cooperative thread pool:
/// `posix_spawn` starts it with no descriptor but its three standard ones, and a thread of its own
/// waits for its exit and drains what it prints. (Foundation's `Process` waits on a run loop, in
/// `waitUntilExit` and in reads, which holds one of the pool's two threads on a 2-core machine, and
/// never sees a command end whose daemon inherited its descriptors, such as `pg_ctlcluster`.)
public final class ChildProcess: Sendable {
  /// Where one of the child's output streams goes.
  public enum Stream: Sendable {
    /// Discarded (/dev/null).
    case discard
    /// Kept in memory, readable while the child runs.
    case capture
  }

  /// How the child ended.
  public enum Termination: Sendable, Equatable {
    case exited(Int32)
    case signalled(Int32)

    /// The status a shell's `$?` shows for it.
    public var status: Int32 {
      switch self {
      case .exited(let status): status
      case .signalled(let signal): 128 + signal
      }
    }
  }

  /// The outcome of `run`: how the command ended and what it printed.
  public struct Outcome: Sendable {
    public let termination: Termination
    public let output: String
    public let errors: String

    public var succeeded: Bool { termination == .exited(0) }
  }

  public struct SpawnFailure: Error, CustomStringConvertible {
    public let description: String
  }

  private struct State {
    var output: [UInt8] = []
    var errors: [UInt8] = []
    var termination: Termination?
    /// Threads still draining a captured stream.
    var readers = 0
    var waiters: [CheckedContinuation<Termination, Never>] = []

    var ended: Termination? { readers == 0 ? termination : nil }
  }

  public let pid: Int32
  private let state: Mutex<State>

  /// Starts `executable` (a path, or a name looked up on PATH) with `arguments`; stdin is
  /// /dev/null.
  public init(
    _ executable: String, _ arguments: [String], output: Stream = .discard,
    errors: Stream = .discard
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    var readEnds: [Int32] = []
    var writeEnds: [Int32] = []
    for (stream, descriptor) in [(output, Int32(1)), (errors, Int32(2))] {
      switch stream {
      case .discard:
        posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
        readEnds.append(-1)
      case .capture:
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
          throw SpawnFailure(description: "no pipe for \(executable): errno \(errno)")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], descriptor)
        readEnds.append(ends[0])
        writeEnds.append(ends[1])
      }
    }
    // Nothing else of this process reaches the child (or a daemon it starts): a database file,
    // a socket, another child's pipe.
    guard let closeFrom = Self.closeFrom else {
      throw SpawnFailure(description: "this C library cannot close descriptors in posix_spawn")
    }
    _ = closeFrom(&actions, 3)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child: pid_t = 0
    let spawned = posix_spawnp(&child, executable, &actions, nil, argv, environ)
    for descriptor in writeEnds { close(descriptor) }
    guard spawned == 0 else {
      for descriptor in readEnds where descriptor >= 0 { close(descriptor) }
      throw SpawnFailure(description: "cannot start \(executable): errno \(spawned)")
    }
    pid = child
    state = Mutex(State(readers: readEnds.filter { $0 >= 0 }.count))
    for (index, descriptor) in readEnds.enumerated() where descriptor >= 0 {
      Thread.detachNewThread { [self] in drain(descriptor, errors: index == 1) }
    }
    Thread.detachNewThread { [self] in reap() }
  }

  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at run time:
  /// Swift's view of the C library leaves out its GNU extensions.
  private static var closeFrom: CloseFrom? {
    dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
      unsafeBitCast($0, to: CloseFrom.self)
    }
  }

  /// Runs a command to its end and answers how it ended and what it printed.
  public static func run(_ executable: String, _ arguments: [String]) async throws -> Outcome {
    let child = try ChildProcess(executable, arguments, output: .capture, errors: .capture)
    let termination = await child.exit()
    return Outcome(termination: termination, output: child.output, errors: child.errors)
  }

  /// What the child printed on stdout so far (with `.capture`).
  public var output: String { state.withLock { String(decoding: $0.output, as: UTF8.self) } }

  /// What the child printed on stderr so far (with `.capture`).
  public var errors: String { state.withLock { String(decoding: $0.errors, as: UTF8.self) } }

  /// Whether the child has not exited yet.
  public var isRunning: Bool { state.withLock { $0.termination == nil } }

  /// Sends `signal` to the child unless it has exited (its pid may belong to another by then).
  public func send(_ signal: Int32) {
    state.withLock { state in
      if state.termination == nil { _ = Foundation.kill(pid, signal) }
    }
  }

  /// Waits for the child to exit and its captured output to end.
  public func exit() async -> Termination {
    await withCheckedContinuation { continuation in
      let ended = state.withLock { state -> Termination? in
        if let ended = state.ended { return ended }
        state.waiters.append(continuation)
        return nil
      }
      if let ended { continuation.resume(returning: ended) }
    }
  }

  /// Waits up to `limit` for the child to exit; nil when it is still running then.
  public func exit(within limit: Duration) async -> Termination? {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      if let ended = state.withLock({ $0.ended }) { return ended }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return state.withLock { $0.ended }
  }

  /// Waits until stdout (captured) holds `text`, the child ends, or `limit` passes; answers
  /// stdout then.
  public func output(containing text: String, within limit: Duration) async -> String {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      let (shown, ended) = state.withLock {
        (String(decoding: $0.output, as: UTF8.self), $0.ended != nil)
      }
      if shown.contains(text) || ended { return shown }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return output
  }

  /// Runs `body` while the child runs, then waits for the child's exit; when `body` throws, the
  /// child is killed instead, so no test leaves one behind.
  public func untilExit<Result>(_ body: (ChildProcess) async throws -> Result) async throws
    -> Result
  {
    let result: Result
    do {
      result = try await body(self)
    } catch {
      await kill()
      throw error
    }
    _ = await exit()
    return result
  }

  /// Sends SIGKILL and waits for the exit.
  @discardableResult
  public func kill() async -> Termination {
    send(SIGKILL)
    return await exit()
  }

  private func drain(_ descriptor: Int32, errors: Bool) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      state.withLock { state in
        if errors {
          state.errors += buffer[0..<count]
        } else {
          state.output += buffer[0..<count]
        }
      }
    }
    close(descriptor)
    finish { $0.readers -= 1 }
  }

  private func reap() {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let signal = status & 0x7f
    let termination: Termination =
      signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    finish { $0.termination = termination }
  }

  /// Applies `change` and resumes the waiters once the child has ended.
  private func finish(_ change: (inout State) -> Void) {
    let (waiters, ended) = state.withLock { state in
      change(&state)
      guard state.ended != nil else {
        return ([CheckedContinuation<Termination, Never>](), state.ended)
      }
      defer { state.waiters = [] }
      return (state.waiters, state.ended)
    }
    if let ended { for waiter in waiters { waiter.resume(returning: ended) } }
  }
}
