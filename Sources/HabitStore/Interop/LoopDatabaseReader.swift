import Foundation
import HabitCore
public import HabitInterop
import Logging
import NIOPosix
import SQLiteNIO
import Synchronization

/// Reads a Loop Habit Tracker `.db` backup (SQLite) where SQLite is at hand, the server and the
/// CLI: the upload goes to a private temporary folder, removed after, and is opened read-only and
/// immutable, so reading it runs none of its SQL and leaves no file behind. Whichever of Loop's
/// columns its version has become `LoopDatabaseRecords`, within `ImportLimits`.
public enum LoopDatabaseReader {
  /// The import document of the backup `bytes`, uploaded as `name`.
  public static func document(_ bytes: [UInt8], name: String) async throws(ImportError)
    -> ImportDocument
  {
    try await records(bytes, name: name).document()
  }

  /// The columns read from each table; any other column, and its value, is never touched.
  static let habitColumns = [
    "id", "name", "description", "question", "type", "freq_num", "freq_den", "color", "position",
    "archived", "unit", "target_type", "target_value", "reminder_hour", "reminder_min",
    "reminder_days", "uuid",
  ]
  static let repetitionColumns = ["habit", "timestamp", "value", "notes"]

  /// The backup's rows, with Loop's defaults for the columns an older version lacks.
  public static func records(_ bytes: [UInt8], name: String) async throws(ImportError)
    -> LoopDatabaseRecords
  {
    try await records(bytes, name: name, in: FileManager.default.temporaryDirectory)
  }

  /// `records(_:name:)`, with the private folder made in `temporary`.
  static func records(_ bytes: [UInt8], name: String, in temporary: URL) async throws(ImportError)
    -> LoopDatabaseRecords
  {
    guard bytes.count <= ImportLimits.uploadBytes else {
      throw ImportLimits.uploadTooLarge(name, size: bytes.count)
    }
    guard Importer.isDatabase(bytes) else {
      throw ImportError(file: name, message: "This is not an SQLite database.")
    }
    let folder = temporary.appendingPathComponent("habitflow-import-" + UUID().uuidString).path
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: false,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw ImportError(file: name, message: "The database could not be stored to be read.")
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/loop.db"
    guard store(bytes, at: path) else {
      throw ImportError(file: name, message: "The database could not be stored to be read.")
    }
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

  /// Writes the upload to `path` without a copy of it in memory (it may be 100 MB), marked as a
  /// rollback-journal database (header bytes 18 and 19, the file format versions): a WAL-mode
  /// upload comes without its `-wal` file, so everything is in the main file, and SQLite then
  /// never looks for or makes a `-wal` or `-shm` beside it.
  static func store(_ bytes: [UInt8], at path: String) -> Bool {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else { return false }
    defer { try? handle.close() }
    do {
      try bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        try handle.write(
          contentsOf: Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count,
            deallocator: .none))
      }
      if bytes.count > 19 && bytes[18] == 2 && bytes[19] == 2 {
        try handle.seek(toOffset: 18)
        try handle.write(contentsOf: [1, 1])
      }
      return true
    } catch {
      return false
    }
  }

  /// Where reads run: never on NIO's shared pool (the store's SQLite calls run there), two at once.
  static let threads = ReaderThreads(limit: 2)

  private static func read(path: String, name: String) async throws -> LoopDatabaseRecords {
    try await threads.run { pool in
      let connection = try await SQLiteConnection.open(
        storage: .file(path: "file:" + uriPath(path) + "?mode=ro&immutable=1"), threadPool: pool,
        logger: Logger(label: "habitflow.loop-import"),
        on: MultiThreadedEventLoopGroup.singleton.any())
      do {
        _ = try await connection.query("PRAGMA query_only = ON")
        _ = try await connection.query("PRAGMA trusted_schema = OFF")
        let records = try await read(connection, name: name)
        try await connection.close()
        return records
      } catch {
        try? await connection.close()
        throw error
      }
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
    let habitTable = try await table("habits", in: connection, name: name)
    let repetitionTable = try await table("repetitions", in: connection, name: name)
    let habitSelect = try await select(
      habitTable, columns: habitColumns, limit: ImportLimits.habits, in: connection, name: name)
    let repetitionSelect = try await select(
      repetitionTable, columns: repetitionColumns, limit: ImportLimits.entries, in: connection,
      name: name)
    let habits = Rows<LoopHabitRecord>()
    try await connection.query(habitSelect, []) { habits.append(habit($0)) }
    let repetitions = Rows<LoopRepetitionRecord>()
    try await connection.query(repetitionSelect, []) { repetitions.append(repetition($0)) }
    return LoopDatabaseRecords(
      habits: habits.values, repetitions: repetitions.values, file: name)
  }

  /// The table's name as the file spells it; only an ordinary table is read (a view or a virtual
  /// table would run the file's own SQL).
  private static func table(_ lowercased: String, in connection: SQLiteConnection, name: String)
    async throws -> String
  {
    let rows = try await connection.query(
      "SELECT name, type, sql FROM sqlite_master WHERE lower(name) = ?", [.text(lowercased)])
    guard let row = rows.first, let table = row.column("name")?.string else {
      throw ImportError(
        file: name,
        message: "This SQLite database is not a Loop Habit Tracker backup: it has no Habits and "
          + "Repetitions tables.")
    }
    let sql = (row.column("sql")?.string ?? "").uppercased()
    guard row.column("type")?.string == "table", !sql.hasPrefix("CREATE VIRTUAL") else {
      throw ImportError(
        file: name,
        message: "This is not a Loop Habit Tracker backup: " + table + " is not a plain table.")
    }
    return table
  }

  /// The query reading Loop's `columns` that `table` has, refusing generated columns (their
  /// expressions are the file's code) and more than `limit` rows before any row is read.
  private static func select(
    _ table: String, columns: [String], limit: Int, in connection: SQLiteConnection,
    name: String
  ) async throws -> String {
    let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    var present: [String] = []
    for column in try await connection.query("PRAGMA table_xinfo(" + quoted + ")") {
      guard let columnName = column.column("name")?.string else { continue }
      guard (column.column("hidden")?.integer ?? 0) == 0 else {
        throw ImportError(
          file: name,
          message: "This is not a Loop Habit Tracker backup: " + table + "." + columnName
            + " is a generated column.")
      }
      if columns.contains(columnName.lowercased()) {
        present.append("\"" + columnName.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
      }
    }
    let count = try await connection.query(
      "SELECT count(*) AS n FROM (SELECT 1 FROM " + quoted + " LIMIT " + String(limit + 1) + ")")
    guard let rows = count.first?.column("n")?.integer, rows <= limit else {
      throw ImportLimits.tooMany(name, table + " rows", limit: limit)
    }
    let list = present.isEmpty ? "NULL" : present.joined(separator: ", ")
    return "SELECT " + list + " FROM " + quoted + " LIMIT " + String(limit)
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

/// The rows a query hands over one at a time, on SQLite's thread, kept for the caller.
private final class Rows<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  func append(_ value: Value) { storage.withLock { $0.append(value) } }

  var values: [Value] { storage.withLock { $0 } }
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
