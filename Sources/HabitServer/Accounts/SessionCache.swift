import HabitStore
import Synchronization

/// Recently checked sessions, so a burst of requests does not read the sessions table each time.
/// Signing out, changing the password or deleting an account empties it at once in this process;
/// other processes (several servers on PostgreSQL) notice within `lifetime`. A lock rather than
/// an actor: a hit costs no hop to another executor.
final class SessionCache: Sendable {
  private let sessions = Mutex<[String: (record: SessionRecord, checkedAt: Int64)]>([:])
  private let lifetime: Int64
  private let capacity: Int

  init(lifetime: Int64 = 5_000, capacity: Int = 10_000) {
    self.lifetime = lifetime
    self.capacity = capacity
  }

  func session(_ hash: String, now: Int64, load: @Sendable () async throws -> SessionRecord?)
    async throws -> SessionRecord?
  {
    let lifetime = self.lifetime
    let cached = sessions.withLock { sessions -> SessionRecord? in
      guard let entry = sessions[hash], now - entry.checkedAt < lifetime else { return nil }
      return entry.record
    }
    if let cached { return cached }
    let record = try await load()
    let capacity = self.capacity
    sessions.withLock { sessions in
      if sessions.count >= capacity { sessions.removeAll(keepingCapacity: true) }
      sessions[hash] = record.map { ($0, now) }
    }
    return record
  }

  func forgetAll() {
    sessions.withLock { $0.removeAll() }
  }
}
