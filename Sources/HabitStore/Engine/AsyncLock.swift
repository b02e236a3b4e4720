/// A first-come, first-served lock for async code: SQLite has one connection, and a transaction
/// must not interleave with another's statements on it.
actor AsyncLock {
  private var locked = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func lock() async {
    if !locked {
      locked = true
      return
    }
    await withCheckedContinuation { waiters.append($0) }
  }

  func unlock() {
    if waiters.isEmpty {
      locked = false
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
