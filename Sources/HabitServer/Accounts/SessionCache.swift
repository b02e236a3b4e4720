import HabitStore

/// Recently checked sessions, so a burst of requests does not read the sessions table each time.
/// Signing out, changing the password or deleting an account empties it at once in this process;
/// other processes (several servers on PostgreSQL) notice within `lifetime`.
actor SessionCache {
  private var sessions: [String: (record: SessionRecord, checkedAt: Int64)] = [:]
  private let lifetime: Int64
  private let capacity: Int

  init(lifetime: Int64 = 5_000, capacity: Int = 10_000) {
    self.lifetime = lifetime
    self.capacity = capacity
  }

  func session(_ hash: String, now: Int64, load: @Sendable () async throws -> SessionRecord?)
    async throws
    -> SessionRecord?
  {
    if let cached = sessions[hash], now - cached.checkedAt < lifetime { return cached.record }
    guard let record = try await load() else {
      sessions[hash] = nil
      return nil
    }
    if sessions.count >= capacity { sessions.removeAll(keepingCapacity: true) }
    sessions[hash] = (record, now)
    return record
  }

  func forgetAll() {
    sessions.removeAll()
  }
}
