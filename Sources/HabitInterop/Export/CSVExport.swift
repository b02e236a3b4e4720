public import HabitCore

/// A spreadsheet of every day that holds something: one row per habit per day with a value,
/// note, skip or mark, sorted by date then by the habits' order, as RFC 4180 CSV in UTF-8. The
/// habit's id tells apart habits with the same title (a pivot table groups by it). Text a
/// spreadsheet would run as a formula is neutralised (HabitFlow reads no CSV of its own back).
public enum CSVExport {
  public static let header = [
    "Date", "Habit", "Habit ID", "Category", "Value", "Unit", "Skipped", "Mark", "Note",
  ]

  public static func csv(of tracker: Tracker) -> [UInt8] {
    let habits = tracker.sortedHabits
    var rows: [(day: Day, rank: Int, entry: Entry)] = []
    for (rank, habit) in habits.enumerated() {
      for entry in tracker.log(habit.id).entries { rows.append((entry.day, rank, entry)) }
    }
    rows = rows.ordered { ($0.day, $0.rank) < ($1.day, $1.rank) }
    var output = ""
    appendRow(header, to: &output)
    for row in rows {
      let habit = habits[row.rank]
      let entry = row.entry
      var unit = ""
      if case .quantity(_, let name) = habit.measure { unit = name }
      appendRow(
        [
          entry.day.iso, neutralized(habit.title), neutralized(habit.id.rawValue),
          neutralized(tracker.category(habit.category)?.name ?? ""),
          entry.value == .zero ? "" : entry.value.text, neutralized(unit),
          entry.isSkipped ? "yes" : "", entry.mark.rawValue, neutralized(entry.note),
        ], to: &output)
    }
    return Array(output.utf8)
  }

  /// One record: fields joined by commas, ended by CRLF.
  private static func appendRow(_ fields: [String], to output: inout String) {
    for (index, field) in fields.enumerated() {
      if index > 0 { output += "," }
      output += quoted(field)
    }
    output += "\r\n"
  }

  /// A text cell a spreadsheet will not run: one that begins like a formula (`=`, `+`, `-`, `@`,
  /// a tab or a carriage return) gets a leading apostrophe, as OWASP advises against CSV
  /// injection. Numbers are written without it, so a negative amount stays a number.
  public static func neutralized(_ text: String) -> String {
    guard let first = text.utf8.first, formulaStarts.contains(first) else { return text }
    return "'" + text
  }

  private static let formulaStarts: [UInt8] = [
    UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D,
  ]

  /// A field as RFC 4180 writes it: in double quotes, with its quotes doubled, when it holds a
  /// comma, a quote or a line break (or starts or ends with a space, which spreadsheets trim).
  public static func quoted(_ field: String) -> String {
    let needsQuotes =
      field.utf8.contains {
        $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
      } || field.hasPrefix(" ") || field.hasSuffix(" ")
    guard needsQuotes else { return field }
    var result = "\""
    for character in field {
      result += character == "\"" ? "\"\"" : String(character)
    }
    return result + "\""
  }
}
