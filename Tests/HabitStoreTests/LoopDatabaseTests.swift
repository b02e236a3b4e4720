import Foundation
import HabitCore
import HabitInterop
import HabitStore
import HabitTestSupport
import Logging
import SQLiteNIO
import Testing

@Suite struct LoopDatabaseTests {
  /// Loop's own test database (user_version 12), kept with the front door's fixtures.
  private func version12() throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../HabitInteropTests/Fixtures/detect-loop-v12.db")
    return Array(try Data(contentsOf: url))
  }

  @Test func version12ReadsEveryHabitInLoopsOrderWithItsChecks() async throws {
    let document = try await LoopDatabaseReader.document(
      try version12(), name: "Loop.db")
    #expect(document.format == .loopDatabase)
    #expect(
      document.habits.map(\.habit.title) == [
        "Wake up early", "brush teeth", "Sleep early", "Vegan", "Sport", "I love you", "Vegan",
        "Sport", "I love you",
      ])
    #expect(document.habits.map(\.entries.count) == [33, 21, 2, 15, 12, 13, 43, 12, 13])
    #expect(Set(document.habits.map(\.habit.id)).count == 9)
    #expect(document.habits.map(\.habit.order) == Array(0..<9))
    let wakeUp = document.habits[0]
    #expect(wakeUp.habit.schedule == .timesPerWeek(3))
    #expect(wakeUp.habit.startDay == Day(iso: "2016-01-01"))
    #expect(wakeUp.entries.allSatisfy { $0.value == .one && $0.mark == .none && !$0.isSkipped })
    #expect(wakeUp.habit.color.hex == "#00897B")
    #expect(document.habits[6].habit.color.hex == "#E64A19")
    #expect(document.habits[1].habit.description == "I want to have beautiful teeth!")
    #expect(document.habits[2].habit.schedule == .everyNDays(5))
    #expect(document.habits.allSatisfy { $0.habit.reminders == .none && !$0.habit.isArchived })
  }

  @Test func theSameDatabaseReadTwiceGivesTheSameIds() async throws {
    let first = try await LoopDatabaseReader.document(try version12(), name: "a.db")
    let second = try await LoopDatabaseReader.document(try version12(), name: "b.db")
    #expect(first.habits.map(\.habit.id) == second.habits.map(\.habit.id))
  }

  /// A database as Loop 2.x writes it (user_version 25), with every column and value kind.
  private func version25() async throws -> [UInt8] {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("loop-v25-\(UUID().uuidString).db").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let connection = try await SQLiteConnection.open(
      storage: .file(path: path), logger: Logger(label: "test"))
    let statements = [
      "PRAGMA user_version = 25",
      """
      CREATE TABLE Habits (Id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
        description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT,
        position INTEGER, reminder_days INTEGER, reminder_hour INTEGER, reminder_min INTEGER,
        type INTEGER NOT NULL DEFAULT 0, target_type INTEGER NOT NULL DEFAULT 0,
        target_value REAL NOT NULL DEFAULT 0, unit TEXT NOT NULL DEFAULT '', question TEXT,
        uuid TEXT)
      """,
      """
      CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER NOT NULL
        REFERENCES Habits(id), timestamp INTEGER NOT NULL, value INTEGER NOT NULL, notes TEXT)
      """,
      """
      INSERT INTO Habits VALUES
        (1, 0, 11, 'Ten minutes, eyes closed', 1, 1, 0, 'Meditate', 1, 42, 7, 30, 0, 0, 0, '',
          'Did you meditate today?', 'a1b2c3'),
        (2, 1, 3, '', 7, 2, 0, 'Run', 0, 127, NULL, NULL, 1, 0, 5.5, 'km', '', 'd4e5f6'),
        (3, 0, 19, '', 1, 1, 0, 'Coffee', 2, 127, NULL, NULL, 1, 1, 2, 'cups', 'How many?', 'g7h8')
      """,
      // 2024-05-17 is 19860 days after 1970.
      """
      INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
        (1, 19860 * 86400000, 2, 'Calm, then sleepy'),
        (1, 19861 * 86400000, 1, NULL),
        (1, 19862 * 86400000, 0, 'Too busy'),
        (1, 19863 * 86400000, 3, ''),
        (1, 19864 * 86400000, -1, NULL),
        (1, 19865 * 86400000, -1, 'Forgot'),
        (2, 19861 * 86400000, 5500, 'Park loop'),
        (2, 19862 * 86400000, 0, NULL),
        (3, 19860 * 86400000, 3000, NULL)
      """,
    ]
    try await closing(connection, close: closeConnection) { connection in
      for statement in statements { _ = try await connection.query(statement) }
    }
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func version25ReadsEveryColumnAndValueKind() async throws {
    let document = try await LoopDatabaseReader.document(
      try await version25(), name: "Loop 2.db")
    #expect(document.habits.map(\.habit.title) == ["Run", "Meditate", "Coffee"])
    let run = try #require(document.habits.first)
    let meditate = document.habits[1]
    let coffee = document.habits[2]

    #expect(meditate.habit.id == ImportID.habit(.loopDatabase, "a1b2c3"))
    #expect(meditate.habit.description == "Did you meditate today?\n\nTen minutes, eyes closed")
    #expect(meditate.habit.color.hex == "#1976D2")
    #expect(meditate.habit.schedule == .everyDay)
    #expect(meditate.habit.measure == .done)
    // 42 = bits 1, 3 and 5: Sunday, Tuesday, Thursday.
    #expect(
      meditate.habit.reminders
        == Reminders(
          times: [ClockTime(hour: 7, minute: 30)!], weekdays: [.sunday, .tuesday, .thursday]))
    let day = { (iso: String) in Day(iso: iso)! }
    #expect(
      meditate.entries == [
        Entry(day: day("2024-05-17"), value: .one, note: "Calm, then sleepy"),
        Entry(day: day("2024-05-18"), mark: .auto),
        Entry(day: day("2024-05-19"), note: "Too busy", mark: .no),
        Entry(day: day("2024-05-20"), isSkipped: true),
        Entry(day: day("2024-05-22"), note: "Forgot"),
      ])
    #expect(meditate.habit.startDay == day("2024-05-17"))

    #expect(run.habit.isArchived)
    #expect(run.habit.schedule == .timesPerWeek(2))
    #expect(run.habit.color.hex == "#FF8F00")
    #expect(run.habit.measure == .quantity(target: Amount(thousandths: 5500), unit: "km"))
    #expect(run.habit.direction == .build)
    #expect(
      run.entries == [
        Entry(day: day("2024-05-18"), value: Amount(thousandths: 5500), note: "Park loop"),
        // Loop's logged 0 stays, as the day marked not done.
        Entry(day: day("2024-05-19"), mark: .no),
      ])

    #expect(coffee.habit.direction == .quit)
    #expect(coffee.habit.measure == .quantity(target: Amount(2), unit: "cups"))
    #expect(coffee.habit.color.hex == "#AAAAAA")
    #expect(coffee.entries == [Entry(day: day("2024-05-17"), value: Amount(3))])
    #expect(document.approximations.map(\.habitTitle) == ["Meditate"])
  }

  @Test func somethingThatIsNotALoopBackupIsRefused() async throws {
    await #expect(
      throws: ImportError(file: "notes.txt", message: "This is not an SQLite database.")
    ) {
      _ = try await LoopDatabaseReader.document(
        Array("hello".utf8), name: "notes.txt")
    }
    var header = try version12()
    header.removeSubrange(4096...)
    let error = await #expect(throws: ImportError.self) {
      _ = try await LoopDatabaseReader.document(header, name: "cut.db")
    }
    #expect(error?.file == "cut.db")
    #expect(error?.message == "The database cannot be read: it is damaged or cut short.")
  }

  @Test func anSQLiteDatabaseWithoutLoopsTablesIsRefused() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("other-\(UUID().uuidString).db").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let connection = try await SQLiteConnection.open(
      storage: .file(path: path), logger: Logger(label: "test"))
    try await closing(connection, close: closeConnection) { connection in
      _ = try await connection.query("CREATE TABLE Notes (id INTEGER, text TEXT)")
    }
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let error = await #expect(throws: ImportError.self) {
      _ = try await LoopDatabaseReader.document(bytes, name: "notes.db")
    }
    #expect(error?.message.contains("not a Loop Habit Tracker backup") == true)
  }
}

/// Closes a connection a test opened (through `closing`, so on every path).
private let closeConnection: @Sendable (SQLiteConnection) async throws -> Void = {
  try await $0.close()
}
