public import HabitCore

/// Loop Habit Tracker's CSV export (the zip's files, or the files chosen on their own): the
/// current and the older `Habits.csv`, the wide `Checkmarks.csv` and each habit's
/// `NNN name/Checkmarks.csv` with its notes. `Checkmarks.csv` alone is enough.
public enum LoopCSV {
  /// The export as a document; an error names the file and line, and nothing is imported.
  public static func document(_ files: [ImportFile]) throws(ImportError) -> ImportDocument {
    let habitsFile = shallowest(named: "Habits.csv", in: files)
    let root = folder(of: habitsFile ?? shallowest(named: "Checkmarks.csv", in: files))
    let wideFile = files.first { $0.path == root + "Checkmarks.csv" }
    guard habitsFile != nil || wideFile != nil else {
      throw ImportError(
        file: files.first?.path ?? "upload",
        message: "This is not a Loop export: it has neither Habits.csv nor Checkmarks.csv.")
    }
    let wide = try wideFile.map { (file) throws(ImportError) in try CSVTable(file) }
    let rows: [LoopHabitRow]
    if let habitsFile {
      rows = try LoopHabitRow.rows(try CSVTable(habitsFile))
    } else {
      rows = try headerRows(wide!)
    }
    guard rows.count <= ImportLimits.habits else {
      throw ImportLimits.tooMany(
        habitsFile?.path ?? wideFile?.path ?? "upload", "habits", limit: ImportLimits.habits)
    }
    var history = LoopHistory(rows)
    if let wide { try history.readWide(wide, habits: rows) }
    for file in files where file.name == "Checkmarks.csv" && file.path.hasPrefix(root) {
      guard let position = folderPosition(String(file.path.dropFirst(root.count))),
        let habit = rows.firstIndex(where: { $0.position == position })
      else { continue }
      try history.readHabit(try CSVTable(file), habit: habit)
    }
    let scores = try files.first { $0.path == root + "Scores.csv" }.map {
      (file) throws(ImportError) in try LoopScores(try CSVTable(file), habits: rows)
    }
    var document = ImportDocument(format: .loopCSV)
    for (index, row) in rows.enumerated() {
      document.habits.append(
        LoopHabitMapping.habit(
          row, order: index, days: history.chronological(index), firstDate: history.firstDate,
          loop: scores?.columns[index], approximations: &document.approximations))
    }
    return document
  }

  /// Habits named by the wide file's header alone (an export without Habits.csv).
  private static func headerRows(_ table: CSVTable) throws(ImportError) -> [LoopHabitRow] {
    var names = Array((table.header ?? []).dropFirst())
    if names.last == "" { names.removeLast() }
    var titles = TitleSet()
    var rows: [LoopHabitRow] = []
    for name in names {
      guard titles.insert(name) else {
        throw table.error(table.rows.first, TitleSet.duplicateMessage(name))
      }
      rows.append(LoopHabitRow(position: rows.count + 1, name: name, isNumeric: nil))
    }
    return rows
  }

  /// The file named `name` closest to the upload's root.
  private static func shallowest(named name: String, in files: [ImportFile]) -> ImportFile? {
    files.filter { $0.name == name }.ordered {
      ($0.path.utf8.count, $0.path) < ($1.path.utf8.count, $1.path)
    }.first
  }

  /// The folder part of a file's path, with its slash ("" at the root).
  private static func folder(of file: ImportFile?) -> String {
    guard let file else { return "" }
    return String(file.path.dropLast(file.name.count))
  }

  /// The position a habit's folder starts with: `001 Meditate/Checkmarks.csv` → 1.
  private static func folderPosition(_ path: String) -> Int? {
    let parts = path.split(separator: "/")
    guard parts.count == 2, let first = parts[0].split(separator: " ").first else { return nil }
    return Int(first)
  }
}
