/// A first-come, first-served lock for async code: SQLite has one connection, and a transaction
/// must not interleave with another's statements on it. With more than one permit, that many
/// holders at once (reads of uploaded files, each on a thread of its own).
actor AsyncLock {
  private let permits: Int
  private var holders = 0
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(permits: Int = 1) {
    self.permits = max(1, permits)
  }

  func lock() async {
    if holders < permits {
      holders += 1
      return
    }
    await withCheckedContinuation { waiters.append($0) }
  }

  func unlock() {
    if waiters.isEmpty {
      holders -= 1
    } else {
      waiters.removeFirst().resume()
    }
  }

  /// Runs `body` holding the lock.
  nonisolated func withLock<Result: Sendable>(_ body: @Sendable () async throws -> Result)
    async throws -> Result
  {
    await lock()
    do {
      let result = try await body()
      await unlock()
      return result
    } catch {
      await unlock()
      throw error
    }
  }
}
