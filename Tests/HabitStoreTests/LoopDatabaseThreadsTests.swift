import Foundation
import HabitSync
import HabitTestSupport
import Synchronization
import Testing

@testable import HabitStore

/// Reading an uploaded Loop `.db` runs on threads of its own: while reads are stuck on every one
/// of them (a slow or huge file), another account's write on SQLite is answered, and a further
/// read waits for a turn instead of taking a thread the store needs.
@Suite struct LoopDatabaseThreadsTests {
  @Test func anotherAccountsWriteIsAnsweredWhileEveryReaderIsStuck() async throws {
    try await TestDatabase.withStore(.sqlite) { store in
      let stuck = StuckReaders(count: LoopDatabaseReader.threads.limit)
      try await stuck.whileStuck {
        // The write needs NIO's shared pool; were the readers on it, it would wait for them.
        let result = try await Deadline.run(within: .seconds(60)) {
          try await store.apply([change("c1")], account: TestDatabase.newAccount())
        }
        #expect(result.applied == 1)
        #expect(stuck.stillStuck)

        // A real read waits for a turn while the readers are taken, then runs.
        let finished = ReadFinished()
        let read = Task {
          defer { finished.mark() }
          return try await LoopDatabaseReader.records(Self.loopFile(), name: "Loop.db")
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(stuck.stillStuck)
        #expect(!finished.isMarked, "the read ran without waiting for a reader thread")
        stuck.release()
        #expect(try await read.value.habits.count == 9)
      }
    }
  }

  /// Loop's own test database (user_version 12).
  static func loopFile() throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../HabitInteropTests/Fixtures/detect-loop-v12.db")
    return Array(try Data(contentsOf: url))
  }
}

/// Whether a read has returned: a read that skipped the turns would be done before its turn came.
private final class ReadFinished: Sendable {
  private let state = Mutex(false)
  var isMarked: Bool { state.withLock { $0 } }
  func mark() { state.withLock { $0 = true } }
}

/// Work that blocks each of the Loop reader's threads until released, as a read of a slow file
/// would.
private final class StuckReaders: Sendable {
  private let count: Int
  private let gate = DispatchSemaphore(value: 0)
  private let state = Mutex((started: 0, finished: 0))

  init(count: Int) { self.count = count }

  var stillStuck: Bool { state.withLock { $0.finished == 0 } }

  func release() {
    for _ in 0..<count { gate.signal() }
  }

  /// Runs `body` once every reader thread is blocked, and releases them after it on every path.
  func whileStuck(_ body: () async throws -> Void) async throws {
    let readers = (0..<count).map { _ in
      Task {
        try await LoopDatabaseReader.threads.run { pool in
          try await pool.runIfActive {
            self.state.withLock { $0.started += 1 }
            self.gate.wait()
            self.state.withLock { $0.finished += 1 }
          }
        }
      }
    }
    let started = ContinuousClock.now
    while state.withLock({ $0.started }) < count, ContinuousClock.now - started < .seconds(60) {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(state.withLock { $0.started } == count)
    do {
      try await body()
    } catch {
      if stillStuck { release() }
      for reader in readers { _ = try? await reader.value }
      throw error
    }
    if stillStuck { release() }
    for reader in readers { try await reader.value }
  }
}
