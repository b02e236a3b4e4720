import Foundation
import HabitCore
import HabitServer
import HabitStore
import HummingbirdTesting
import Synchronization
import Testing

/// `habit backup` while the server writes: the copy is a database the server starts on.
@Suite struct OnlineBackupTests {
  /// What the writers and the test share: days acknowledged, and those acknowledged before the
  /// backup began.
  private final class Load: Sendable {
    let acknowledged = Mutex<Set<String>>([])
    let before = Mutex<Set<String>>([])
    let account = Mutex<(token: String, habit: String)?>(nil)
    let stop = Atomic<Bool>(false)
  }

  /// Nearly ten years of days (the most one entries query covers): more check-ins than the
  /// workers finish before they are stopped.
  private static let days = (0..<3_600).map { Day(iso: "2026-11-22")!.advanced(by: -$0).iso }

  @Test func aBackupTakenMidLoadHoldsEveryCheckInAcknowledgedBeforeItBegan() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-backup-\(UUID().uuidString)"
    ).path
    let copyFolder = folder + "-copy"
    try FileManager.default.createDirectory(atPath: copyFolder, withIntermediateDirectories: true)
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      try? FileManager.default.removeItem(atPath: copyFolder)
    }
    let load = Load()
    let live: (inout ServerConfiguration) -> Void = { $0.dataDirectory = folder }
    let copy: (inout ServerConfiguration) -> Void = { $0.dataDirectory = copyFolder }
    try await withServer(configure: live) { client in
      let token = try await client.register("ann@example.com")
      let habit = try await client.createHabit(
        token, #""title":"Walk","category":"health","start":"2016-01-01""#)
      load.account.withLock { $0 = (token, habit) }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<8 {
          group.addTask {
            for index in stride(from: worker, to: Self.days.count, by: 8) {
              if load.stop.load(ordering: .relaxed) { return }
              let day = Self.days[index]
              let response = try await client.call(
                .put, "/api/v1/habits/\(habit)/entries/\(day)/done", token: token)
              if response.status == .ok { load.acknowledged.withLock { _ = $0.insert(day) } }
            }
          }
        }
        while load.acknowledged.withLock({ $0.count }) < 200 {
          try await Task.sleep(for: .milliseconds(5))
        }
        load.before.withLock { $0 = load.acknowledged.withLock { $0 } }
        try await HabitStore.backup(
          database: folder + "/habitflow.sqlite", to: copyFolder + "/habitflow.sqlite")
        try await Task.sleep(for: .milliseconds(100))
        load.stop.store(true, ordering: .relaxed)
        try await group.waitForAll()
      }
    }
    let (token, habit) = try #require(load.account.withLock { $0 })
    let acknowledgedBefore = load.before.withLock { $0 }
    let after = load.acknowledged.withLock { $0 }
    #expect(
      after.count > acknowledgedBefore.count,
      "no check-in was acknowledged during or after the backup")
    try await withServer(configure: copy) { client in
      let entries = try await client.call(
        .get, "/api/v1/habits/\(habit)/entries?from=\(Self.days.last!)&to=2026-11-22", token: token)
      #expect(entries.status == .ok, "\(entries.text)")
      let restored = Set(entries.json["entries"].array.compactMap { $0["day"].string })
      #expect(
        acknowledgedBefore.isSubset(of: restored),
        "missing from the backup: \(acknowledgedBefore.subtracting(restored).sorted().prefix(10))")
      #expect(restored.isSubset(of: after), "the backup holds check-ins never acknowledged")
    }
  }
}
