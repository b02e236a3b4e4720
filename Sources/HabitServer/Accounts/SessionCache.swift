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
  private typealias Entries = [String: (lookup: SessionLookup, checkedAt: Int64)]
  /// Sessions and the tokens found to be none apart, so a client sending made-up tokens fills
  /// only its own part and never pushes the signed-in out.
  private let sessions = Mutex<Entries>([:])
  private let unknown = Mutex<Entries>([:])
  private let lifetime: Int64
  private let capacity: Int

  init(lifetime: Int64 = 5_000, capacity: Int = 10_000) {
    self.lifetime = lifetime
    self.capacity = capacity
  }

  func session(_ hash: String, now: Int64, load: @Sendable () async throws -> SessionLookup)
    async throws -> SessionLookup
  {
    if let cached = Self.cached(hash, in: sessions, now: now, lifetime: lifetime)
      ?? Self.cached(hash, in: unknown, now: now, lifetime: lifetime)
    {
      return cached
    }
    let lookup = try await load()
    if case .active = lookup {
      Self.keep(lookup, hash, in: sessions, now: now, capacity: capacity)
    } else {
      Self.keep(lookup, hash, in: unknown, now: now, capacity: capacity)
    }
    return lookup
  }

  func forgetAll() {
    sessions.withLock { $0.removeAll() }
    unknown.withLock { $0.removeAll() }
  }

  private static func cached(
    _ hash: String, in store: borrowing Mutex<Entries>, now: Int64, lifetime: Int64
  ) -> SessionLookup? {
    store.withLock { entries in
      guard let entry = entries[hash], now - entry.checkedAt < lifetime else { return nil }
      return entry.lookup
    }
  }

  private static func keep(
    _ lookup: SessionLookup, _ hash: String, in store: borrowing Mutex<Entries>, now: Int64,
    capacity: Int
  ) {
    store.withLock { entries in
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[hash] = (lookup, now)
    }
  }
}
