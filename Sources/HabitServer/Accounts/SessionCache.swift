import HabitStore
import Synchronization

/// What a token's hash was found to be: a session, or none (with why it ended, when it did).
enum SessionLookup: Sendable {
  case active(SessionRecord)
  case ended(SessionEndReason?)
}

/// Recently checked tokens, so a burst of requests does not read the sessions table each time,
/// nor a client repeating a token that is unknown or ended. Signing out, changing the password
/// or deleting an account empties it at once in this process; other processes (several servers
/// on PostgreSQL) notice within `lifetime`. A token is random, so one found unknown cannot start
/// a session later. A lock rather than an actor: a hit costs no hop to another executor.
final class SessionCache: Sendable {
  private let sessions = Mutex<[String: (lookup: SessionLookup, checkedAt: Int64)]>([:])
  private let lifetime: Int64
  private let capacity: Int

  init(lifetime: Int64 = 5_000, capacity: Int = 10_000) {
    self.lifetime = lifetime
    self.capacity = capacity
  }

  func session(_ hash: String, now: Int64, load: @Sendable () async throws -> SessionLookup)
    async throws -> SessionLookup
  {
    let lifetime = self.lifetime
    let cached = sessions.withLock { sessions -> SessionLookup? in
      guard let entry = sessions[hash], now - entry.checkedAt < lifetime else { return nil }
      return entry.lookup
    }
    if let cached { return cached }
    let lookup = try await load()
    let capacity = self.capacity
    sessions.withLock { sessions in
      if sessions.count >= capacity { sessions.removeAll(keepingCapacity: true) }
      sessions[hash] = (lookup, now)
    }
    return lookup
  }

  func forgetAll() {
    sessions.withLock { $0.removeAll() }
  }
}
