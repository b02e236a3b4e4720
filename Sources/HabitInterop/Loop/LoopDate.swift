public import HabitCore

/// A date as Loop's exports write it: `2022-02-06`, or `02-06-22` (month, day, two-digit year)
/// in some exports.
enum LoopDate {
  /// The day, or an error saying why the text is not one.
  static func day(_ text: String, in table: CSVTable, row: CSVTable.Row) throws(ImportError)
    -> Day
  {
    let parts = text.trimmingSpaces.split(separator: "-", omittingEmptySubsequences: false)
    let numbers = parts.compactMap { Int($0) }
    guard parts.count == 3, numbers.count == 3 else {
      throw table.error(row, "\"" + text + "\" is not a date (yyyy-MM-dd).")
    }
    let isISO = parts[0].utf8.count == 4
    // A two-digit year is 2000 + 0…99; any other count of digits is not Loop's.
    guard isISO || (parts[2].utf8.count == 2 && (0...99).contains(numbers[2])) else {
      throw table.error(row, "The date " + text + " does not exist.")
    }
    let year = isISO ? numbers[0] : 2000 + numbers[2]
    let month = isISO ? numbers[1] : numbers[0]
    let day = isISO ? numbers[2] : numbers[1]
    guard let result = ImportDays.day(year: year, month: month, day: day) else {
      throw table.error(row, "The date " + text + " does not exist.")
    }
    return result
  }
}
