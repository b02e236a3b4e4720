import Foundation
import HabitCore
import HabitInterop
import Logging
import SQLiteNIO
import Testing

@testable import HabitStore

/// Loop `.db` uploads made to exhaust or crash the server: each is refused with a clear error or
/// read within `ImportLimits`, none runs the file's SQL, and none leaves a file behind.
@Suite struct LoopDatabaseHostileTests {
  /// A database made by `statements` in a fresh folder, as uploaded bytes.
  private func database(_ statements: [String]) async throws -> [UInt8] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("loop-hostile-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("loop.db").path
    let connection = try await SQLiteConnection.open(
      storage: .file(path: path), logger: Logger(label: "test"))
    do {
      for statement in statements { _ = try await connection.query(statement) }
      try await connection.close()
    } catch {
      try? await connection.close()
      throw error
    }
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  private let habits = """
    CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT, freq_num INTEGER, freq_den INTEGER,
      position INTEGER, uuid TEXT)
    """
  private let repetitions = """
    CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER,
      value INTEGER)
    """

  /// The refusal of `bytes`, read in a fresh temporary folder that must be empty after.
  private func refusal(_ bytes: [UInt8]) async throws -> ImportError? {
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("loop-read-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: temporary) }
    var refusal: ImportError?
    do {
      _ = try await LoopDatabaseReader.records(bytes, name: "loop.db", in: temporary)
        .document()
    } catch {
      refusal = error
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    #expect(left.isEmpty)
    return refusal
  }

  @Test func hugeFrequencyNumbersAreApproximatedNotATrap() async throws {
    let bytes = try await database([
      habits, repetitions,
      "INSERT INTO Habits VALUES (1, 'Huge', 700000000000000000, 700000000000000001, 1, 'u1')",
      "INSERT INTO Repetitions VALUES (1, 1, 19860 * 86400000, 2)",
    ])
    let document = try await LoopDatabaseReader.document(bytes, name: "loop.db")
    #expect(document.habits.map(\.habit.schedule) == [.everyDay])
  }

  @Test func aGeneratedColumnIsRefusedBeforeItsExpressionRuns() async throws {
    let bytes = try await database([
      """
      CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT,
        big BLOB GENERATED ALWAYS AS (zeroblob(900000000) || zeroblob(900000000)) VIRTUAL)
      """,
      repetitions,
    ])
    let error = try await refusal(bytes)
    #expect(error?.message.contains("Habits.big is a generated column") == true)
  }

  @Test func aViewInPlaceOfATableIsRefused() async throws {
    let bytes = try await database([
      "CREATE TABLE h (id INTEGER PRIMARY KEY, name TEXT)", repetitions,
      "CREATE VIEW Habits AS SELECT id, name FROM h",
    ])
    let error = try await refusal(bytes)
    #expect(error?.message.contains("Habits is not a plain table") == true)
  }

  @Test func moreRowsThanTheLimitAreRefusedBeforeTheyAreRead() async throws {
    let bytes = try await database([
      habits, repetitions, "INSERT INTO Habits VALUES (1, 'A', 1, 1, 1, 'u1')",
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i <= \
      \(ImportLimits.entries))
      INSERT INTO Repetitions (habit, timestamp, value) SELECT 1, i * 86400000, 2 FROM n
      """,
    ])
    let error = try await refusal(bytes)
    #expect(error?.message.contains("1,000,000 Repetitions rows") == true)
  }

  @Test func aWALModeBackupIsReadAndLeavesNoFileBehind() async throws {
    let bytes = try await database([
      "PRAGMA journal_mode = WAL", habits, repetitions,
      "INSERT INTO Habits VALUES (1, 'Walk', 3, 7, 1, 'u1')",
      "INSERT INTO Repetitions VALUES (1, 1, 19860 * 86400000, 2)",
    ])
    #expect(bytes[18] == 2 && bytes[19] == 2)
    #expect(try await refusal(bytes) == nil)
    let document = try await LoopDatabaseReader.document(bytes, name: "loop.db")
    #expect(document.habits.map(\.habit.schedule) == [.timesPerWeek(3)])
    #expect(document.habits.map(\.entries.count) == [1])
  }
}
