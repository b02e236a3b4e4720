import HabitStore
import Synchronization
import Testing

@testable import HabitServer

/// A token the server does not know (a guess, or one that ended) is looked up once in a while,
/// not on every request that repeats it.
@Suite struct SessionCacheTests {
  @Test func anUnknownOrEndedTokenIsReadOnceWithinTheLifetime() async throws {
    let cache = SessionCache(lifetime: 5_000)
    let loads = Mutex(0)
    for now in stride(from: Int64(0), to: 5_000, by: 500) {
      let lookup = try await cache.session("unknown", now: now) {
        loads.withLock { $0 += 1 }
        return .ended(nil)
      }
      guard case .ended(nil) = lookup else {
        Issue.record("an unknown token read as \(lookup)")
        return
      }
    }
    #expect(loads.withLock { $0 } == 1)
    let ended = try await cache.session("ended", now: 0) { .ended(.passwordChanged) }
    guard case .ended(.passwordChanged) = ended else {
      Issue.record("an ended token read as \(ended)")
      return
    }
    _ = try await cache.session("unknown", now: 5_000) {
      loads.withLock { $0 += 1 }
      return .ended(nil)
    }
    #expect(loads.withLock { $0 } == 2)
  }
}
