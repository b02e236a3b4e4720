import Foundation
import HabitCLI
import HabitCore
import HabitSync
import Testing

@Suite struct ImportExportCommandTests {
  static let loopFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "Tests/HabitInteropTests/Fixtures")

  @Test func anImportShowsItsPreviewAsksAndNoImportsNothing() async throws {
    let cli = CLIHarness()
    let file = Self.loopFolder.appendingPathComponent("detect-loop-export.zip").path
    let refused = await cli.run(["import", file], answers: ["n"])
    #expect(refused.status == 7)
    #expect(refused.output.contains("From loop-csv: "))
    #expect(refused.output.contains("check-ins"))
    #expect(!FileManager.default.fileExists(atPath: cli.folder.database))
    let accepted = await cli.run(["import", file], answers: ["y"])
    #expect(accepted.status == 0, "\(accepted.errors)")
    let habits = try await cli.storedTracker().habits.count
    #expect(habits > 0)
    #expect(accepted.output.contains("Imported: \(habits) habits added"))
    // The same file again adds nothing.
    let again = await cli.succeed("import", file, "--yes")
    #expect(again.contains("0 habits added"))
    #expect(try await cli.storedTracker().habits.count == habits)
  }

  @Test func aLoopDatabaseImportsThroughSQLite() async throws {
    let cli = CLIHarness()
    let file = Self.loopFolder.appendingPathComponent("detect-loop-v12.db").path
    await cli.succeed("import", file, "--yes")
    #expect(try await cli.storedTracker().habits.isEmpty == false)
  }

  @Test func badFilesAreRefusedWithWhatAndWhereAndChangeNothing() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read")
    let before = try await cli.storedReplica()
    let folder = cli.folder.path + "/in"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let unknown = folder + "/notes.txt"
    try Data("just some words\n".utf8).write(to: URL(fileURLWithPath: unknown))
    let outcome = await cli.run("import", unknown, "--yes")
    #expect(outcome.status == 3)
    #expect(outcome.errors.hasPrefix("habit: notes.txt"))
    let missing = await cli.run("import", folder + "/nothing.zip", "--yes")
    #expect(missing.status == 1)
    #expect(missing.errors.contains("There is no file at"))
    let after = try await cli.storedReplica()
    #expect(after.fieldChanges == before.fieldChanges)
  }

  @Test func anExportedBackupRestoresTheSameDataIntoAnEmptyReplica() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read", "--start", "2026-11-01", "--emoji", "📚", "--goal", "30d")
    await cli.succeed(
      "add", "Water", "--quantity", "8", "--unit", "glasses", "--start", "2026-11-01")
    await cli.succeed("categories", "add", "Music")
    await cli.succeed("add", "Piano", "--category", "Music", "--schedule", "3/week")
    await cli.succeed("done", "read", "--date", "2026-11-03")
    await cli.succeed("log", "water", "6.5", "--date", "2026-11-04")
    await cli.succeed("skip", "read", "--date", "2026-11-05")
    await cli.succeed("note", "read", "good book", "--date", "2026-11-05")
    await cli.succeed("archive", "water")
    let backup = cli.folder.path + "/backup.json"
    await cli.succeed("export", "--output", backup)
    let csv = await cli.succeed("export", "--csv")
    #expect(csv.contains("Water") && csv.contains("6.5"))

    let fresh = CLIHarness()
    let restore = await fresh.succeed("import", backup, "--yes")
    #expect(restore.contains("3 habits added"))
    #expect(try await fresh.storedTracker() == (try await cli.storedTracker()))
  }

  @Test func theResultSaysOneHabitAndOneDayInTheSingular() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read", "--start", "2026-11-01")
    await cli.succeed("done", "read", "--date", "2026-11-03")
    let backup = cli.folder.path + "/one.json"
    await cli.succeed("export", "--output", backup)
    let restored = await CLIHarness().succeed("import", backup, "--yes")
    #expect(restored.contains("Imported: 1 habit added, 0 updated, 0 deleted, 1 day written."))
  }
}
