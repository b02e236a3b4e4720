import Foundation
import HabitStore
import HabitTestSupport
import Testing

/// What `habit backup` refuses, and that refusing writes nothing.
@Suite struct OnlineBackupRefusalTests {
  private func withDatabase(_ body: (String, String) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-backup-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try await withStore(folder + "/habitflow.sqlite") { _ in }
    try await body(folder + "/habitflow.sqlite", folder)
  }

  @Test func anExistingDestinationIsNeverReplaced() async throws {
    try await withDatabase { database, folder in
      let destination = folder + "/copy.sqlite"
      try Data("keep me".utf8).write(to: URL(fileURLWithPath: destination))
      await #expect(throws: BackupError.destinationExists(destination)) {
        try await HabitStore.backup(database: database, to: destination)
      }
      #expect(try String(contentsOfFile: destination, encoding: .utf8) == "keep me")
      let strayLog = folder + "/other.sqlite"
      try Data().write(to: URL(fileURLWithPath: strayLog + "-wal"))
      await #expect(throws: BackupError.destinationExists(strayLog + "-wal")) {
        try await HabitStore.backup(database: database, to: strayLog)
      }
      #expect(!FileManager.default.fileExists(atPath: strayLog))
      #expect(
        BackupError.destinationExists(destination).description
          == "\(destination) already exists; choose a new file name (a backup never replaces a file)."
      )
    }
  }

  @Test func aMissingFolderOrDatabaseIsRefusedWithoutCreatingAnything() async throws {
    try await withDatabase { database, folder in
      await #expect(throws: BackupError.noSuchFolder(folder + "/absent")) {
        try await HabitStore.backup(database: database, to: folder + "/absent/copy.sqlite")
      }
      let missing = folder + "/nothing-here.sqlite"
      await #expect(throws: BackupError.noDatabase(missing)) {
        try await HabitStore.backup(database: missing, to: folder + "/copy.sqlite")
      }
      #expect(!FileManager.default.fileExists(atPath: missing))
      #expect(!FileManager.default.fileExists(atPath: folder + "/copy.sqlite"))
      await #expect(throws: BackupError.notSQLite) {
        try await HabitStore.backup(
          database: "postgres://habitflow@127.0.0.1/habitflow", to: folder + "/copy.sqlite")
      }
    }
  }

  @Test func aBackupIsACompleteDatabaseUnderItsNameAndNothingElse() async throws {
    try await withDatabase { database, folder in
      let destination = folder + "/copy.sqlite"
      try await HabitStore.backup(database: database, to: destination)
      let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      #expect(!names.contains { $0.contains(".partial-") }, "\(names)")
      // It holds password and token hashes: only its owner may read it.
      let mode = try FileManager.default.attributesOfItem(atPath: destination)[.posixPermissions]
      #expect((mode as? NSNumber)?.intValue == 0o600)
      try await withStore(destination) { copy throws in
        #expect(try await Migrations.version(of: copy.engine) == Migrations.latest)
      }
    }
  }
}
