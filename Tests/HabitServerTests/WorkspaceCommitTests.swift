import Foundation
import HabitCore
import HabitStore
import HabitSync
import Testing

@testable import HabitServer

/// A write answered from another request's commit still in flight: it must not say "done"
/// before the database holds it, nor when that commit fails.
@Suite struct WorkspaceCommitTests {
  @Test func theSameTapTwiceAtOnceFailsBothWhenTheFirstCommitFails() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-commit-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("habitflow.sqlite").path
    let store = try await HabitStore.open(path)
    let today = Day(iso: "2026-11-22")!
    let now: Int64 = 1_795_348_800_000
    // Commits that do not finish within a quarter of a second are answered as failed.
    let workspace = Workspace(
      account: "ann", device: "server-test", store: store,
      writer: WriteQueue(store: store, deadline: .milliseconds(250)), clock: WallClock { now },
      exclusive: true)
    try await workspace.perform(
      .addHabit(Habit(id: "read", title: "Read", category: "self", startDay: today)),
      today: today)

    // Another process holds the database's write lock for two seconds.
    let locker = Process()
    locker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    locker.arguments = [
      "python3", "-c",
      "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
        + "c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); time.sleep(2)",
      path,
    ]
    let output = Pipe()
    locker.standardOutput = output
    try locker.run()
    defer { locker.waitUntilExit() }
    _ = output.fileHandleForReading.availableData

    // The first tap marks the day and waits for its commit; the second finds it marked already.
    let first = Task {
      await Self.succeeds { try await workspace.perform(.complete("read", today), today: today) }
    }
    try await Task.sleep(for: .milliseconds(50))
    let second = Task {
      await Self.succeeds { try await workspace.perform(.complete("read", today), today: today) }
    }
    let results = [await first.value, await second.value]
    #expect(results == [false, false], "both taps fail with the commit they rest on")
    try await store.close()
  }

  private static func succeeds(_ body: () async throws -> Void) async -> Bool {
    do {
      try await body()
      return true
    } catch {
      return false
    }
  }
}
