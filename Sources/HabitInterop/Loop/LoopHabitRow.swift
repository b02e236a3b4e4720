/// One line of Loop's `Habits.csv`, in either column set: the current
/// `Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,
/// Target Type,Target Value,Archived?` or the older
/// `Position,Name,Question,Description,NumRepetitions,Interval,Color`.
struct LoopHabitRow {
  /// Loop's position (1-based), which also numbers the habit's folder (`001 Meditate`).
  var position: Int
  var name: String
  /// Nil in the older columns, where only the values tell a numeric habit.
  var isNumeric: Bool?
  var question = ""
  var description = ""
  var numerator = 1
  var denominator = 1
  var color = ""
  var unit = ""
  var isAtMost = false
  /// In thousandths of the unit; nil when the file does not say.
  var target: Int64?
  var isArchived = false

  /// Every row of the table; an error names the line of a row that is cut short, a number that
  /// is not one, or a second habit of the same name.
  static func rows(_ table: CSVTable) throws(ImportError) -> [LoopHabitRow] {
    guard let nameColumn = table.column("Name") else {
      throw table.error(table.rows.first, "This is not Loop's Habits.csv: it has no Name column.")
    }
    func column(_ names: String...) -> Int? {
      for name in names { if let index = table.column(name) { return index } }
      return nil
    }
    let columns = (
      position: column("Position"), type: column("Type"), question: column("Question"),
      description: column("Description"),
      numerator: column("FrequencyNumerator", "NumRepetitions"),
      denominator: column("FrequencyDenominator", "Interval"), color: column("Color"),
      unit: column("Unit"), targetType: column("Target Type"),
      targetValue: column("Target Value"), archived: column("Archived?")
    )
    var result: [LoopHabitRow] = []
    var titles = TitleSet()
    for row in table.body {
      try table.requireEveryColumn(row)
      func cell(_ index: Int?) -> String { index.map { row.cells[$0] } ?? "" }
      func number(_ index: Int?, _ label: String) throws(ImportError) -> Int? {
        let text = cell(index)
        if text.isEmpty { return nil }
        guard let value = Int(text.trimmingSpaces) else {
          throw table.error(row, label + " \"" + text + "\" is not a whole number.")
        }
        return value
      }
      let name = row.cells[nameColumn]
      guard titles.insert(name) else { throw table.error(row, TitleSet.duplicateMessage(name)) }
      var habit = LoopHabitRow(
        position: try number(columns.position, "The position") ?? result.count + 1, name: name)
      let type = cell(columns.type)
      habit.isNumeric = columns.type == nil ? nil : type == "NUMERICAL" || type == "1"
      habit.question = cell(columns.question)
      habit.description = cell(columns.description)
      habit.numerator = try number(columns.numerator, "The frequency") ?? 1
      habit.denominator = try number(columns.denominator, "The frequency") ?? 1
      habit.color = cell(columns.color)
      habit.unit = cell(columns.unit)
      let targetType = cell(columns.targetType)
      habit.isAtMost = targetType == "AT_MOST" || targetType == "1"
      let targetText = cell(columns.targetValue)
      if !targetText.isEmpty {
        guard let target = thousandths(targetText) else {
          throw table.error(row, "The target \"" + targetText + "\" is not a number.")
        }
        habit.target = target
      }
      habit.isArchived = cell(columns.archived) == "true"
      result.append(habit)
    }
    return result
  }

  /// "2.5" → 2500: a decimal number in thousandths, digits past the third decimal dropped.
  static func thousandths(_ text: String) -> Int64? { fixed(text, places: 3) }

  /// A decimal number scaled by 10^`places` ("0.9876", 4 → 9876), later digits dropped.
  static func fixed(_ text: String, places: Int) -> Int64? {
    let parts = text.trimmingSpaces.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = Int64(parts[0]), whole < 1_000_000_000
    else { return nil }
    var unit: Int64 = 1
    for _ in 0..<places { unit *= 10 }
    var scale = unit
    var fraction: Int64 = 0
    for byte in parts.count == 2 ? Array(parts[1].utf8) : [] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      scale /= 10
      fraction += Int64(byte - UInt8(ascii: "0")) * scale
    }
    return whole * unit + fraction
  }
}
