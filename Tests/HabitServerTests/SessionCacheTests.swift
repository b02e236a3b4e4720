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

  @Test func madeUpTokensNeverPushASignedInSessionOut() async throws {
    let cache = SessionCache(lifetime: 5_000, capacity: 10)
    let record = SessionRecord(
      tokenHash: "real", accountID: "a1", kind: .session, name: "", createdAt: 0, expiresAt: nil)
    _ = try await cache.session("real", now: 0) { .active(record) }
    for index in 0..<50 {
      _ = try await cache.session("guess-\(index)", now: 1) { .ended(nil) }
    }
    let again = try await cache.session("real", now: 2) {
      Issue.record("the session was read again")
      return .active(record)
    }
    guard case .active(let kept) = again else {
      Issue.record("the session read as \(again)")
      return
    }
    #expect(kept.accountID == "a1")
  }
}
