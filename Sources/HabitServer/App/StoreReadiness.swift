import Synchronization

/// Opens once the store's schema is up to date: services that query the database on their own
/// (the reminder scheduler) wait for it, so a fresh data folder never sees a query before its
/// tables exist.
final class StoreReadiness: Sendable {
  private struct State {
    var isOpen: Bool
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var next = 0
  }

  private let state: Mutex<State>

  init(open: Bool = false) {
    state = Mutex(State(isOpen: open))
  }

  func open() {
    let waiting = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiting { waiter.resume() }
  }

  /// Waits until the store is ready: true then, false when the task was cancelled first.
  func wait() async -> Bool {
    let id = state.withLock { state -> Int? in
      guard !state.isOpen else { return nil }
      state.next += 1
      return state.next
    }
    guard let id else { return true }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let now = state.withLock { state in
          guard !state.isOpen, !Task.isCancelled else { return true }
          state.waiters[id] = continuation
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
    return state.withLock { $0.isOpen }
  }
}
