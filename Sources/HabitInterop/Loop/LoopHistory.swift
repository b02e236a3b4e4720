public import HabitCore

/// Every day Loop's files record for each habit: the value's number and the note, gathered from
/// the wide `Checkmarks.csv` and then the habit's own `NNN name/Checkmarks.csv`, whose values win
/// and which alone holds notes.
struct LoopHistory {
  struct Record {
    var code = LoopValue.unknown
    var note = ""
  }

  /// Per habit (in `Habits.csv` order), its days.
  private(set) var days: [[Day: Record]]
  /// The earliest date any file lists, the start of a habit that recorded nothing.
  private(set) var firstDate: Day?
  /// The latest date any file lists.
  private(set) var lastDate: Day?
  private let numeric: [Bool?]

  init(_ habits: [LoopHabitRow]) {
    days = Array(repeating: [:], count: habits.count)
    numeric = habits.map { $0.isNumeric }
  }

  /// Reads the wide file: `Date,<habit>,…,` newest first, with one value per habit. The header
  /// writes names unquoted, so a name with a comma spans cells; each is matched to the names of
  /// `habits`.
  mutating func readWide(_ table: CSVTable, habits: [LoopHabitRow]) throws(ImportError) {
    let columns = try Self.wideColumns(table, named: "Checkmarks.csv", habits: habits)
    for row in table.body {
      let cells = try Self.wideCells(row, columns: columns.count, table: table)
      let day = try LoopDate.day(cells[0], in: table, row: row)
      note(day)
      for (offset, habit) in columns.enumerated() {
        days[habit][day, default: Record()].code = try code(
          cells[offset + 1], habit: habit, table: table, row: row)
      }
    }
  }

  /// Reads one habit's own file: `Date,Value,Notes`.
  mutating func readHabit(_ table: CSVTable, habit: Int) throws(ImportError) {
    guard let dateColumn = table.column("Date"),
      let valueColumn = table.column("Value")
    else {
      throw table.error(
        table.rows.first, "This is not a Loop habit's Checkmarks.csv: it needs Date and Value.")
    }
    let noteColumn = table.column("Notes")
    for row in table.body {
      try table.requireEveryColumn(row)
      let day = try LoopDate.day(row.cells[dateColumn], in: table, row: row)
      note(day)
      var record = days[habit][day] ?? Record()
      record.code = try code(row.cells[valueColumn], habit: habit, table: table, row: row)
      if let noteColumn { record.note = row.cells[noteColumn] }
      days[habit][day] = record
    }
  }

  private mutating func note(_ day: Day) {
    firstDate = min(firstDate ?? day, day)
    lastDate = max(lastDate ?? day, day)
  }

  /// A habit's recorded days in date order: walking the export's dates, which needs no sort, or
  /// sorting when the dates lie so far apart (a file may name years 1 and 9999) that the walk
  /// would take longer.
  func chronological(_ habit: Int) -> [(day: Day, record: Record)] {
    guard let firstDate, let lastDate else { return [] }
    guard firstDate.distance(to: lastDate) <= 4 * days[habit].count + 366 else {
      return days[habit].map { (day: $0.key, record: $0.value) }.sorted { $0.day < $1.day }
    }
    var result: [(day: Day, record: Record)] = []
    result.reserveCapacity(days[habit].count)
    var day = firstDate
    while day <= lastDate {
      if let record = days[habit][day] { result.append((day, record)) }
      day = day.advanced(by: 1)
    }
    return result
  }

  /// A cell's number: one of Loop's values, and for a habit Loop calls yes/no one of its codes.
  private func code(_ cell: String, habit: Int, table: CSVTable, row: CSVTable.Row)
    throws(ImportError) -> Int
  {
    guard let code = LoopValue.code(cell),
      numeric[habit] != false || (LoopValue.unknown...LoopValue.skip).contains(code)
    else {
      throw table.error(row, LoopValue.message(cell))
    }
    return code
  }

  /// Which habit each column of a wide file (`Date,<habit>,…,`) holds.
  static func wideColumns(_ table: CSVTable, named name: String, habits: [LoopHabitRow])
    throws(ImportError) -> [Int]
  {
    guard let header = table.header, header.first == "Date" else {
      throw table.error(table.rows.first, "This is not Loop's " + name + ": it has no Date column.")
    }
    return try columns(Array(header.dropFirst()), habits: habits, table: table)
  }

  /// A wide row's cells, its date first; an error when it holds a value too few or too many.
  static func wideCells(_ row: CSVTable.Row, columns: Int, table: CSVTable) throws(ImportError)
    -> [String]
  {
    let cells = mergingEntries(row.cells)
    var count = cells.count
    if count == columns + 2 && cells[count - 1].isEmpty { count -= 1 }
    guard count == columns + 1 else {
      throw table.error(
        row,
        "This row has " + String(count - 1) + " values for " + String(columns)
          + " habits; the file may be cut short.")
    }
    return cells
  }

  /// Which habit each header cell (or run of cells, for a name with commas) names.
  private static func columns(_ cells: [String], habits: [LoopHabitRow], table: CSVTable)
    throws(ImportError) -> [Int]
  {
    var cells = cells
    if cells.last == "" { cells.removeLast() }
    var result: [Int] = []
    var used = Array(repeating: false, count: habits.count)
    var index = 0
    let byWidth = habits.indices.ordered { habits[$0].name.utf8.count > habits[$1].name.utf8.count }
    while index < cells.count {
      var matched: (habit: Int, width: Int)?
      for habit in byWidth where !used[habit] {
        let width = habits[habit].name.utf8.filter { $0 == UInt8(ascii: ",") }.count + 1
        if index + width <= cells.count,
          cells[index..<index + width].joined(separator: ",") == habits[habit].name
        {
          matched = (habit, width)
          break
        }
      }
      guard let matched else {
        throw table.error(
          table.rows.first, "The column \"" + cells[index] + "\" names no habit of Habits.csv.")
      }
      result.append(matched.habit)
      used[matched.habit] = true
      index += matched.width
    }
    return result
  }

  /// Joins the two cells `Entry(timestamp=2022-02-06` and ` value=2)` that some exports write
  /// for one value.
  private static func mergingEntries(_ cells: [String]) -> [String] {
    guard cells.contains(where: { $0.hasPrefix("Entry(") }) else { return cells }
    var result: [String] = []
    var index = 0
    while index < cells.count {
      if cells[index].hasPrefix("Entry("), !cells[index].hasSuffix(")"), index + 1 < cells.count {
        result.append(cells[index] + "," + cells[index + 1])
        index += 2
      } else {
        result.append(cells[index])
        index += 1
      }
    }
    return result
  }
}
