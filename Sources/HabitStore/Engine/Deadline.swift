import Synchronization

/// Bounds how long a caller waits for work that may never finish (a statement on a connection the
/// database ended). The work itself is cancelled and left to end on its own: a task group would
/// wait for it, which is the very hang this avoids. The engines run transactions shielded from
/// that cancellation (`Shielded`), so one always reaches its COMMIT or ROLLBACK.
public enum Deadline {
  public struct Exceeded: Error, CustomStringConvertible {
    public let limit: Duration
    public var description: String { "no answer from the database within \(limit)" }
  }

  public static func run<Result: Sendable>(
    within limit: Duration, stoppedBy stop: EarlyStop? = nil,
    _ work: @escaping @Sendable () async throws -> Result
  ) async throws -> Result {
    let outcome = Outcome<Result>()
    return try await withCheckedThrowingContinuation { continuation in
      outcome.install(continuation)
      let worker = Task {
        do {
          outcome.finish(.success(try await work()))
        } catch {
          outcome.finish(.failure(error))
        }
      }
      let watch = Watchdog.shared.watch(until: .now + limit) {
        if outcome.finish(.failure(Exceeded(limit: limit))) { worker.cancel() }
      }
      outcome.onFinish { Watchdog.shared.forget(watch) }
      stop?.onStop { error in
        if outcome.finish(.failure(error)) { worker.cancel() }
      }
    }
  }

  /// Lets something other than the clock end a `run`'s wait (a graceful shutdown): the caller
  /// gets the error at once, and the work is left to end on its own.
  public final class EarlyStop: Sendable {
    private struct State {
      var error: (any Error)?
      var action: (@Sendable (any Error) -> Void)?
    }
    private let state = Mutex(State())

    public init() {}

    /// Ends the wait with `error` (the first call only; one before the wait began ends it as
    /// soon as it begins).
    public func stop(with error: any Error) {
      let action = state.withLock { state -> (@Sendable (any Error) -> Void)? in
        guard state.error == nil else { return nil }
        state.error = error
        defer { state.action = nil }
        return state.action
      }
      action?(error)
    }

    fileprivate func onStop(_ action: @escaping @Sendable (any Error) -> Void) {
      let stopped = state.withLock { state -> (any Error)? in
        if let error = state.error { return error }
        state.action = action
        return nil
      }
      if let stopped { action(stopped) }
    }
  }

  /// One timer for every deadline in the process, instead of a sleeping task per call: the
  /// database path runs thousands of calls a second, and almost all finish in time. Deadlines
  /// fire up to a tenth of a second late; the loop runs only while some are pending.
  private final class Watchdog: Sendable {
    static let shared = Watchdog()

    private struct Entry {
      let due: ContinuousClock.Instant
      let expire: @Sendable () -> Void
    }
    private struct State {
      var next: UInt64 = 0
      var entries: [UInt64: Entry] = [:]
      var running = false
    }
    private let state = Mutex(State())

    func watch(until due: ContinuousClock.Instant, _ expire: @escaping @Sendable () -> Void)
      -> UInt64
    {
      let (id, start) = state.withLock { state in
        state.next += 1
        state.entries[state.next] = Entry(due: due, expire: expire)
        defer { state.running = true }
        return (state.next, !state.running)
      }
      if start { Task.detached { await self.loop() } }
      return id
    }

    func forget(_ id: UInt64) {
      _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }

    private func loop() async {
      while true {
        try? await Task.sleep(for: .milliseconds(100))
        let now = ContinuousClock.now
        let (expired, idle) = state.withLock { state in
          let due = state.entries.filter { $0.value.due <= now }
          for key in due.keys { state.entries[key] = nil }
          if state.entries.isEmpty { state.running = false }
          return (Array(due.values), state.entries.isEmpty)
        }
        for entry in expired { entry.expire() }
        if idle { return }
      }
    }
  }

  /// The first of the work and the timer to finish resumes the caller; the other is ignored.
  private final class Outcome<Result: Sendable>: Sendable {
    private struct State {
      var continuation: CheckedContinuation<Result, any Error>?
      var finished = false
      var onFinish: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())

    func install(_ continuation: CheckedContinuation<Result, any Error>) {
      state.withLock { $0.continuation = continuation }
    }

    /// Runs `action` once the outcome is known (at once if it already is).
    func onFinish(_ action: @escaping @Sendable () -> Void) {
      let now = state.withLock { state in
        if state.finished { return true }
        state.onFinish = action
        return false
      }
      if now { action() }
    }

    @discardableResult
    func finish(_ result: Swift.Result<Result, any Error>) -> Bool {
      let taken = state.withLock {
        state -> (CheckedContinuation<Result, any Error>, (@Sendable () -> Void)?)? in
        guard !state.finished, let continuation = state.continuation else { return nil }
        state.finished = true
        defer { state.onFinish = nil }
        return (continuation, state.onFinish)
      }
      guard let (continuation, action) = taken else { return false }
      continuation.resume(with: result)
      action?()
      return true
    }
  }
}
