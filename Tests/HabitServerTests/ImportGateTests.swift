import Testing

@testable import HabitServer

/// Uploads sent together take turns by size, so their bytes in memory stay within a budget.
@Suite struct ImportGateTests {
  /// Waits until `condition` holds, yielding between looks (bounded: a test never hangs).
  private func eventually(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<2_000 {
      if await condition() { return true }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return false
  }

  @Test func anImportThatDoesNotFitWaitsUntilTheOneBeforeItEnds() async throws {
    let gate = ImportGate(budget: 10, queueLimit: 4)
    let (release, releaser) = AsyncStream.makeStream(of: Void.self)
    let first = Task {
      try await gate.withTurn(bytes: 6) { for await _ in release { break } }
    }
    #expect(await eventually { await gate.bytesUnderWay == 6 })
    let second = Task { try await gate.withTurn(bytes: 6) { await gate.bytesUnderWay } }
    try await Task.sleep(for: .milliseconds(50))
    #expect(await gate.bytesUnderWay == 6, "the second import must wait: 6 + 6 is over 10")
    releaser.yield()
    try await first.value
    #expect(try await second.value == 6, "the second ran alone once the first ended")
    #expect(await gate.bytesUnderWay == 0)
  }

  @Test func anImportLargerThanTheBudgetRunsAlone() async throws {
    let gate = ImportGate(budget: 10, queueLimit: 4)
    #expect(try await gate.withTurn(bytes: 1_000) { await gate.bytesUnderWay } == 10)
    #expect(await gate.bytesUnderWay == 0)
  }

  @Test func aFailedImportGivesItsTurnBack() async throws {
    struct Refused: Error {}
    let gate = ImportGate(budget: 10, queueLimit: 4)
    await #expect(throws: Refused.self) { try await gate.withTurn(bytes: 8) { throw Refused() } }
    #expect(try await gate.withTurn(bytes: 8) { 1 } == 1)
  }

  @Test func tooManyWaitingImportsAreToldToComeBackLater() async throws {
    let gate = ImportGate(budget: 10, queueLimit: 1)
    let (release, releaser) = AsyncStream.makeStream(of: Void.self)
    let first = Task { try await gate.withTurn(bytes: 10) { for await _ in release { break } } }
    #expect(await eventually { await gate.bytesUnderWay == 10 })
    let second = Task { try await gate.withTurn(bytes: 5) { 2 } }
    try await Task.sleep(for: .milliseconds(50))
    await #expect(throws: ImportGate.Busy.self) { try await gate.withTurn(bytes: 5) { 3 } }
    releaser.yield()
    try await first.value
    #expect(try await second.value == 2)
  }

  @Test func aRequestThatGoesAwayWhileWaitingLeavesTheLine() async throws {
    let gate = ImportGate(budget: 10, queueLimit: 1)
    let (release, releaser) = AsyncStream.makeStream(of: Void.self)
    let first = Task { try await gate.withTurn(bytes: 10) { for await _ in release { break } } }
    #expect(await eventually { await gate.bytesUnderWay == 10 })
    let gone = Task { try await gate.withTurn(bytes: 5) { 2 } }
    try await Task.sleep(for: .milliseconds(50))
    gone.cancel()
    await #expect(throws: CancellationError.self) { try await gone.value }
    // Its place is free again: another may wait, and runs once the first ends.
    let next = Task { try await gate.withTurn(bytes: 5) { 4 } }
    try await Task.sleep(for: .milliseconds(50))
    releaser.yield()
    try await first.value
    #expect(try await next.value == 4)
  }
}

/// A short limit's pruning never forgets what a longer limit still counts.
@Suite struct RateLimiterWindowTests {
  @Test func pruningForAShortWindowKeepsALongWindowsEvents() async {
    let limiter = RateLimiter()
    let long: Int64 = 15 * 60_000
    let short: Int64 = 10 * 60_000
    for attempt in 0..<5 {
      _ = await limiter.acquire("login:ada", limit: 5, window: long, now: Int64(attempt))
    }
    // Twelve minutes later, a thousand checks of the short limit trigger a prune.
    let later: Int64 = 12 * 60_000
    for check in 0..<1_000 {
      _ = await limiter.acquire("push-test:\(check)", limit: 5, window: short, now: later)
    }
    #expect(await limiter.retryAfter("login:ada", limit: 5, window: long, now: later) != nil)
  }
}
