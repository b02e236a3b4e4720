import Synchronization

/// Lets a caller that stops waiting for a transaction make it roll back instead of commit, so an
/// answer "not saved" (503) is true: the transaction asks before its COMMIT, and the caller
/// gives up only if it has not asked yet. Once the COMMIT is under way the caller must wait for
/// it (on SQLite it is one disk sync).
public final class CommitTicket: Sendable {
  private enum Phase {
    case running
    case committing
    case abandoned
  }

  /// A transaction asked to roll back because its caller stopped waiting.
  public struct Abandoned: Error, CustomStringConvertible {
    public var description: String { "the caller stopped waiting; rolled back" }
  }

  private let phase = Mutex(Phase.running)

  public init() {}

  /// Whether the caller still waits; the transaction rolls back when it does not.
  public var isAbandoned: Bool { phase.withLock { $0 == .abandoned } }

  /// Called by the transaction just before its COMMIT: throws `Abandoned` if the caller gave up.
  public func commit() throws(Abandoned) {
    let committing = phase.withLock { phase in
      guard phase == .running else { return false }
      phase = .committing
      return true
    }
    if !committing { throw Abandoned() }
  }

  /// Called by the caller when its deadline passed: true when the transaction will now roll back
  /// (or never begin), false when its COMMIT is already under way.
  public func abandon() -> Bool {
    phase.withLock { phase in
      guard phase == .running else { return phase == .abandoned }
      phase = .abandoned
      return true
    }
  }
}
