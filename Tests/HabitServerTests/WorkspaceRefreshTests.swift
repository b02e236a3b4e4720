import Foundation
import HabitCore
import HabitStore
import HabitSync
import HabitTestSupport
import Synchronization
import Testing

@testable import HabitServer

@Suite struct WorkspaceRefreshTests {
  /// Reads share refresh rounds; a read that began after another writer's commit must never join
  /// a round that began before it.
  @Test func aReadAfterAnotherWritersCommitSeesItWhileOtherReadsAreInFlight() async throws {
    // PostgreSQL: queries run side by side there, so a round can be in flight across a commit.
    guard let url = testPostgresURL(for: "the refresh test") else { return }
    try await withStore(url) { store in
      let account = "refresh-" + UUID().uuidString.lowercased()
      let now = Int64(Date().timeIntervalSince1970 * 1000)
      let workspace = Workspace(
        account: account, device: "server-test", store: store, writer: WriteQueue(store: store),
        clock: WallClock { now }, exclusive: false)
      let stop = StopFlag()
      try await withThrowingTaskGroup(of: Void.self) { readers in
        for _ in 0..<8 {
          readers.addTask {
            while !stop.isSet {
              _ = try await workspace.read { tracker, _ in tracker.habits.count }
            }
          }
        }
        for index in 0..<200 {
          let change = Change(
            id: "other.\(index)", field: FieldKey(.setting, "s\(index)", "value"),
            value: .int(Int64(index)), stamp: Stamp(wall: now, counter: index, device: "other"))
          _ = try await store.apply([change], account: account)
          let seen = try await workspace.read { _, replica in replica.setting("s\(index)") }
          #expect(seen == .int(Int64(index)))
        }
        stop.set()
        try await readers.waitForAll()
      }
    }
  }
}

/// Tells background readers to finish.
private final class StopFlag: Sendable {
  private let flag = Atomic<Bool>(false)

  var isSet: Bool { flag.load(ordering: .relaxed) }

  func set() {
    flag.store(true, ordering: .relaxed)
  }
}
