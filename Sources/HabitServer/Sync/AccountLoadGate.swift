import Synchronization

/// Lets a few accounts load from the database at once and queues the rest in arrival order. A
/// load is CPU-bound (every row of the account is read and merged), so dozens started together
/// only share the cores: each then takes dozens of times longer, past the database deadline, and
/// the work is thrown away with a 503. Taking turns, every load finishes and the queue drains.
final class AccountLoadGate: Sendable {
  private struct State {
    var running = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let width: Int
  private let state = Mutex(State())

  init(width: Int) {
    self.width = max(1, width)
  }

  /// Waits for a turn; every `enter` is matched by one `leave`.
  func enter() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let admitted = state.withLock { state in
        if state.running < width {
          state.running += 1
          return true
        }
        state.waiting.append(continuation)
        return false
      }
      if admitted { continuation.resume() }
    }
  }

  /// Loads waiting for a turn.
  var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// Hands the turn to the longest waiting load, if any.
  func leave() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.running -= 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
