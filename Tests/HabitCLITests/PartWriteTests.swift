import Foundation
import HabitCore
import HabitStore
import HabitSync
import HabitTestSupport
import Testing

@testable import HabitCLI

/// A write reads only the part of the replica it reaches, with the snapshot as the projection of
/// the rest. What it saves must be what a write that read everything saves, and a save that
/// fails or a snapshot from an earlier save must never cost what was saved.
@Suite struct PartWriteTests {
  /// Three habits with a fortnight of days each, made through the commands.
  private static func history(_ cli: CLIHarness) async {
    await cli.succeed("add", "Read", "--start", "2026-11-01")
    await cli.succeed("add", "Push-ups", "--count", "50", "--step", "10", "--start", "2026-11-01")
    await cli.succeed(
      "add", "Water", "--quantity", "8", "--unit", "glasses", "--start", "2026-11-01")
    for offset in 1...14 {
      let day = cli.today.advanced(by: -offset).iso
      if offset % 3 != 0 { await cli.succeed("done", "read", "--date", day) }
      await cli.succeed("count", "push", "2", "--date", day)
      if offset % 2 == 0 { await cli.succeed("log", "water", "3", "--date", day) }
    }
  }

  /// Every kind of write, including ones that read everything (a category).
  private static let writes: [[String]] = [
    ["done", "read"], ["undo", "read", "--date", "2026-11-22"], ["count", "push", "3"],
    ["count", "push", "--", "-1"], ["log", "water", "2.5", "--yesterday"],
    ["skip", "read", "--date", "2026-11-15"], ["note", "read", "rain", "--date", "2026-11-15"],
    ["edit", "water", "--title", "Drink water"], ["pin", "push"], ["archive", "read"],
    ["archive", "read", "--undo"], ["edit", "read", "--start", "2026-11-12", "--yes"],
    ["categories", "rename", "Health", "Wellbeing"], ["done", "drink"], ["rm", "push", "--yes"],
    ["done", "read"],
  ]

  private static func outboxRows(_ replica: Replica) -> [String] {
    replica.outbox.map { "\($0.id) \($0.field) \($0.value)" }
  }

  @Test func writesOnTheirPartSaveWhatWritesReadingEverythingSave() async throws {
    let parts = CLIHarness()
    await Self.history(parts)
    // The same replica in a second folder, whose writes find no snapshot and read everything.
    let whole = CLIHarness(copying: parts)
    for write in Self.writes {
      try? FileManager.default.removeItem(atPath: whole.folder.snapshot)
      let expected = await whole.run(write)
      let outcome = await parts.run(write)
      #expect(outcome.status == expected.status, "\(write): \(outcome.errors)")
      #expect(outcome.output == expected.output, "\(write)")
      let stored = try await parts.storedReplica()
      let reference = try await whole.storedReplica()
      #expect(stored.tracker == reference.tracker, "\(write)")
      #expect(Self.outboxRows(stored) == Self.outboxRows(reference), "\(write)")
      #expect(stored.nextChangeNumber == reference.nextChangeNumber)
    }
    let shown = try #require(TrackerSnapshot.read(from: parts.folder.snapshot))
    #expect(shown.tracker == (try await parts.storedTracker()))
    #expect(shown.pending == (try await parts.storedReplica()).outbox.count)
  }

  @Test func aSaveCutOffHalfWayLosesNothingSavedBefore() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read", "--start", "2026-11-01")
    await cli.succeed("done", "read", "--date", "2026-11-20")
    let before = try await cli.storedReplica()
    try await cli.withStore { store in
      try await store.engine.read { database in
        try await database.raw(
          "CREATE TRIGGER cut BEFORE INSERT ON replica_state BEGIN SELECT RAISE(ABORT, 'cut'); END"
        ).run()
      }
    }
    let failed = await cli.run("done", "read")
    #expect(failed.status != 0)
    #expect(failed.errors.contains("Could not save"))
    let after = try await cli.storedReplica()
    #expect(after.tracker == before.tracker)
    #expect(after.outbox == before.outbox)
    #expect(after.nextChangeNumber == before.nextChangeNumber)
    try await cli.withStore { store in
      try await store.engine.read { try await $0.raw("DROP TRIGGER cut").run() }
    }
    // The snapshot went before the save, so what is shown is rebuilt from what was saved.
    #expect(await cli.succeed("today").contains("[ ] Read"))
    await cli.succeed("done", "read")
    let stored = try await cli.storedTracker()
    let read = try #require(stored.habits.values.first)
    #expect(stored.log(read.id).entries.map(\.day) == [Day(iso: "2026-11-20")!, cli.today])
  }

  @Test func aSnapshotFromAnEarlierSaveIsNeverTakenForTheReplica() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read", "--start", "2026-11-01")
    await cli.succeed("done", "read", "--date", "2026-11-20")
    let earlier = try Data(contentsOf: URL(fileURLWithPath: cli.folder.snapshot))
    await cli.succeed("done", "read", "--date", "2026-11-21")
    // An older snapshot put back (a restored backup of the folder, a copy from elsewhere).
    try earlier.write(to: URL(fileURLWithPath: cli.folder.snapshot))
    await cli.succeed("done", "read")
    let stored = try await cli.storedTracker()
    let read = try #require(stored.habits.values.first)
    #expect(
      stored.log(read.id).entries.map(\.day)
        == ["2026-11-20", "2026-11-21", "2026-11-23"].map {
          Day(iso: $0)!
        })
    let shown = try #require(TrackerSnapshot.read(from: cli.folder.snapshot))
    #expect(shown.tracker.log(read.id) == stored.log(read.id))
  }
}

extension CLIHarness {
  /// A harness on a copy of `other`'s folder (the same replica, device and ids).
  init(copying other: CLIHarness) {
    self.init(today: other.today)
    try? FileManager.default.copyItem(atPath: other.folder.path, toPath: folder.path)
  }

  /// Opens the folder's replica database, as another program could.
  func withStore(_ body: (HabitStore) async throws -> Void) async throws {
    try await HabitTestSupport.withStore(folder.database, body)
  }
}
