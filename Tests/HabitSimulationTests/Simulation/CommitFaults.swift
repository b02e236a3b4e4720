import HabitStore
import HabitTestSupport
import SQLKit
import Synchronization

/// The server's database engine with commits that fail on purpose: the next few transactions
/// are refused before they write, written and then reported as failed (the answer lost on the
/// way back, as a full disk or a dropped connection does), or answered as failed and written
/// later, just before the next transaction starts (a commit that ran past the server's deadline).
/// A late write still held when the server stops is lost, as an unfinished commit is.
final class CommitFaults: EngineWrapper {
  struct Injected: Error {}

  enum Mode: String, Sendable {
    case beforeWriting = "before writing"
    case afterWriting = "after writing"
    case pastDeadline = "past the deadline, written later"
  }

  private struct Armed {
    var remaining = 0
    var mode = Mode.beforeWriting
    var late: [@Sendable (any SQLDatabase) async throws -> Void] = []
  }

  let inner: any SQLEngine
  private let armed = Mutex(Armed())

  init(_ inner: any SQLEngine) { self.inner = inner }

  /// Fails the next `count` transactions in the given way.
  func fail(next count: Int, _ mode: Mode) {
    armed.withLock {
      $0.remaining = count
      $0.mode = mode
    }
  }

  func transaction<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    let (late, fails, mode) = armed.withLock { armed in
      let late = armed.late
      armed.late = []
      guard armed.remaining > 0 else { return (late, false, Mode.beforeWriting) }
      armed.remaining -= 1
      return (late, true, armed.mode)
    }
    for write in late { try? await inner.transaction(write) }
    guard fails else { return try await inner.transaction(body) }
    switch mode {
    case .beforeWriting: break
    case .afterWriting: _ = try await inner.transaction(body)
    case .pastDeadline:
      armed.withLock { $0.late.append { database in _ = try await body(database) } }
    }
    throw Injected()
  }
}
