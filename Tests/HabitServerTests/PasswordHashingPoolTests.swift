import NIOCore
import NIOPosix
import Testing

@testable import HabitServer

/// SQLite runs every query on NIO's shared thread pool. A burst of sign-ins or password guesses
/// (bcrypt at a real cost) must not queue other accounts' check-ins behind it.
@Suite struct PasswordHashingPoolTests {
  @Test func aBurstOfPasswordHashesLeavesTheDatabasesThreadsFree() async throws {
    let secrets = Secrets(passwordCost: 12)
    let burst = System.coreCount * 4
    let started = ContinuousClock.now
    let hashing = Task {
      try await withThrowingTaskGroup(of: String.self) { group in
        for number in 0..<burst {
          group.addTask { try await secrets.hashPassword("guess \(number)") }
        }
        try await group.waitForAll()
      }
      return ContinuousClock.now - started
    }
    try await Task.sleep(for: .milliseconds(50))
    // What a check-in's query waits for: a turn on the shared pool.
    let asked = ContinuousClock.now
    try await NIOThreadPool.singleton.runIfActive {}
    let waited = ContinuousClock.now - asked
    let hashed = try await hashing.value
    // The burst must be long enough that queueing behind it would show.
    #expect(hashed > .seconds(1), "the burst took only \(hashed): raise the cost")
    #expect(waited < .milliseconds(500), "a database query waited \(waited) behind bcrypt")
  }
}
