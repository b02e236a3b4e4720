import HabitStore
import HabitTestSupport
import SQLKit
import Synchronization

/// The server's database engine with commits that fail on purpose: the next few transactions
/// are refused before they write, or written and then reported as failed (the answer lost on the
/// way back), as a full disk or a dropped connection does.
final class CommitFaults: EngineWrapper {
  struct Injected: Error {}

  private struct Armed {
    var remaining = 0
    var afterWriting = false
  }

  let inner: any SQLEngine
  private let armed = Mutex(Armed())

  init(_ inner: any SQLEngine) { self.inner = inner }

  /// Fails the next `count` transactions, after writing them when `afterWriting`.
  func fail(next count: Int, afterWriting: Bool) {
    armed.withLock { $0 = Armed(remaining: count, afterWriting: afterWriting) }
  }

  func transaction<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    let (fails, afterWriting) = armed.withLock { armed in
      guard armed.remaining > 0 else { return (false, false) }
      armed.remaining -= 1
      return (true, armed.afterWriting)
    }
    guard fails else { return try await inner.transaction(body) }
    if afterWriting { _ = try await inner.transaction(body) }
    throw Injected()
  }
}
