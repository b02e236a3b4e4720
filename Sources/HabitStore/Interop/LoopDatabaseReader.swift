import Foundation
import HabitCore
public import HabitInterop
import Logging
import SQLiteNIO

/// Reads a Loop Habit Tracker `.db` backup (SQLite) where SQLite is at hand, the server and the
/// CLI: the upload goes to a temporary file opened read-only, and whichever columns its version
/// has become `LoopDatabaseRecords`.
public enum LoopDatabaseReader {
  /// The import document of the backup `bytes`, uploaded as `name`.
  public static func document(_ bytes: [UInt8], name: String) async throws(ImportError)
    -> ImportDocument
  {
    try await records(bytes, name: name).document()
  }

  /// The backup's rows, with Loop's defaults for the columns an older version lacks.
  public static func records(_ bytes: [UInt8], name: String) async throws(ImportError)
    -> LoopDatabaseRecords
  {
    guard bytes.count <= ImportLimits.uploadBytes else {
      throw ImportLimits.uploadTooLarge(name, size: bytes.count)
    }
    guard Importer.isDatabase(bytes) else {
      throw ImportError(file: name, message: "This is not an SQLite database.")
    }
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("habitflow-import-" + UUID().uuidString + ".db").path
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
      throw ImportError(file: name, message: "The database could not be stored to be read.")
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      return try await read(path: path, name: name)
    } catch let error as ImportError {
      throw error
    } catch {
      // SQLite's own message names the temporary file, which is the server's business.
      throw ImportError(
        file: name, message: "The database cannot be read: it is damaged or cut short.")
    }
  }

  private static func read(path: String, name: String) async throws -> LoopDatabaseRecords {
    let connection = try await SQLiteConnection.open(
      storage: .file(path: "file:" + uriPath(path) + "?mode=ro"),
      logger: Logger(label: "habitflow.loop-import"))
    do {
      let records = try await read(connection, name: name)
      try await connection.close()
      return records
    } catch {
      try? await connection.close()
      throw error
    }
  }

  /// A file path as an SQLite URI's path: the characters a URI gives a meaning escaped.
  private static func uriPath(_ path: String) -> String {
    path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3F")
      .replacingOccurrences(of: "#", with: "%23")
  }

  private static func read(_ connection: SQLiteConnection, name: String) async throws
    -> LoopDatabaseRecords
  {
    let tables = Set(
      try await connection.query("SELECT name FROM sqlite_master WHERE type = 'table'")
        .compactMap { $0.column("name")?.string?.lowercased() })
    guard tables.contains("habits"), tables.contains("repetitions") else {
      throw ImportError(
        file: name,
        message: "This SQLite database is not a Loop Habit Tracker backup: it has no Habits and "
          + "Repetitions tables.")
    }
    let habits = try await connection.query("SELECT * FROM Habits").map(habit)
    let repetitions = try await connection.query("SELECT * FROM Repetitions").map(repetition)
    return LoopDatabaseRecords(habits: habits, repetitions: repetitions, file: name)
  }

  private static func habit(_ row: SQLiteRow) -> LoopHabitRecord {
    let fields = LoopRow(row)
    var record = LoopHabitRecord(id: fields.integer("id") ?? 0, name: fields.text("name") ?? "")
    record.description = fields.text("description") ?? ""
    record.question = fields.text("question") ?? ""
    record.isNumeric = fields.integer("type") == 1
    record.frequencyNumerator = Int(fields.integer("freq_num") ?? 1)
    record.frequencyDenominator = Int(fields.integer("freq_den") ?? 1)
    record.color = fields.integer("color") ?? record.color
    record.position = Int(fields.integer("position") ?? 0)
    record.isArchived = (fields.integer("archived") ?? 0) != 0
    record.unit = fields.text("unit") ?? ""
    record.isAtMost = fields.integer("target_type") == 1
    if let target = fields.thousandths("target_value") {
      record.target = Amount(thousandths: target)
    }
    record.reminderHour = fields.integer("reminder_hour").map { Int($0) }
    record.reminderMinute = fields.integer("reminder_min").map { Int($0) }
    record.reminderDays = Int(fields.integer("reminder_days") ?? 127)
    record.uuid = fields.text("uuid") ?? ""
    return record
  }

  private static func repetition(_ row: SQLiteRow) -> LoopRepetitionRecord {
    let fields = LoopRow(row)
    return LoopRepetitionRecord(
      habit: fields.integer("habit") ?? -1, timestamp: fields.integer("timestamp") ?? -1,
      value: fields.integer("value") ?? 2, notes: fields.text("notes") ?? "")
  }
}

/// A row's columns by name, case-insensitively (Loop spells `Id` and `id` across versions).
private struct LoopRow {
  private var values: [String: SQLiteData] = [:]

  init(_ row: SQLiteRow) {
    for column in row.columns { values[column.name.lowercased()] = column.data }
  }

  /// An integer column; a real outside Int64's range (or not a number) reads as missing rather
  /// than trapping, since the file is whatever was uploaded.
  func integer(_ name: String) -> Int64? {
    switch values[name] {
    case .integer(let value): return Int64(value)
    case .float(let value): return Int64(exactly: value.rounded(.towardZero))
    case .text(let value): return Int64(value)
    default: return nil
    }
  }

  /// A real column as thousandths, Loop's fixed point for amounts.
  func thousandths(_ name: String) -> Int64? {
    guard let value = values[name]?.double else { return nil }
    return Int64(exactly: (value * 1000).rounded())
  }

  func text(_ name: String) -> String? {
    guard let value = values[name], !value.isNull else { return nil }
    return value.string
  }
}
