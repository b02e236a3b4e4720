import Foundation
import HabitCore
import HabitStore
import HabitSync
import HabitTestSupport
import Testing

@testable import HabitServer

/// A write answered from another request's commit still in flight: it must not say "done"
/// before the database holds it, nor when that commit fails.
@Suite struct WorkspaceCommitTests {
  private static let today = Day(iso: "2026-11-22")!
  private static let now: Int64 = 1_795_348_800_000

  @Test func theSameTapTwiceAtOnceFailsBothWhenTheFirstCommitFails() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-commit-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("habitflow.sqlite").path
    let results = try await withStore(path) { store in
      try await Self.tapTwiceWhileLocked(store: store, path: path)
    }
    #expect(results == [false, false], "both taps fail with the commit they rest on")
  }

  /// Whether each of two taps on the same day succeeded, sent while another process holds the
  /// database's write lock for longer than commits may take.
  private static func tapTwiceWhileLocked(store: HabitStore, path: String) async throws -> [Bool] {
    // The habit is stored directly, so only the taps go through the short-deadline queue.
    var setup = Replica(device: "setup")
    let habit = Habit(id: "read", title: "Read", category: "self", startDay: today)
    _ = try await store.apply(
      try setup.perform(.addHabit(habit), wall: now, today: today), account: "ann")
    // Commits that do not finish within a quarter of a second are answered as failed.
    let workspace = Workspace(
      account: "ann", device: "server-test", store: store,
      writer: WriteQueue(store: store, deadline: .milliseconds(250)), clock: WallClock { now },
      exclusive: true)
    _ = try await workspace.read { tracker, _ in tracker.habits.count }

    let locker = try ChildProcess(
      "python3",
      [
        "-c",
        "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
          + "c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); time.sleep(5)",
        path,
      ], output: .capture)
    // The taps run once the lock is held, and the locker ends before the store closes.
    return try await locker.untilExit { locker in
      #expect(await locker.output(containing: "locked", within: .seconds(30)).contains("locked"))
      return try await tapTwice(workspace)
    }
  }

  /// Whether each of two taps on the same day at once succeeded.
  private static func tapTwice(_ workspace: Workspace) async throws -> [Bool] {
    // The first tap marks the day and waits for its commit; the second finds it marked already
    // (or, on a slow machine, the other way round).
    let first = Task {
      await succeeds { try await workspace.perform(.complete("read", today), today: today) }
    }
    try await Task.sleep(for: .milliseconds(50))
    let second = Task {
      await succeeds { try await workspace.perform(.complete("read", today), today: today) }
    }
    return [await first.value, await second.value]
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
