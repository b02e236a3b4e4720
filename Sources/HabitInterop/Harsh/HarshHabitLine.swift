public import HabitCore

/// One line of harsh's `habits` file: `Name: frequency` or `Name: frequency: yyyy-MM-dd` (the
/// day the habit was retired), under the latest `! Heading`.
struct HarshHabitLine {
  var name: String
  var heading: String?
  /// Times wanted in `interval` days; 0 tracks the habit without a target.
  var target: Int
  var interval: Int
  var end: Day?
  var line: Int

  /// Every habit of the file in order; a malformed line is refused with its number.
  static func read(_ file: ImportFile) throws(ImportError) -> [HarshHabitLine] {
    var heading: String?
    var habits: [HarshHabitLine] = []
    var titles = TitleSet()
    for (number, text) in try HarshLines.read(file) {
      func failure(_ message: String) -> ImportError {
        ImportError(file: file.path, line: number, message: message)
      }
      if text.hasPrefix("!") {
        guard text.hasPrefix("! ") else {
          throw failure("A heading is written \"! Heading\", with a space after the \"!\".")
        }
        let name = Text.trimmed(String(text.dropFirst(2)))
        heading = name.isEmpty ? nil : name
        continue
      }
      let parts = HarshLines.fields(text, by: ": ")
      let name = Text.trimmed(parts[0])
      guard parts.count >= 2, !name.isEmpty else {
        throw failure("A habit is written \"Name: frequency\" (for example \"Gym: 3/7\").")
      }
      guard titles.insert(name) else { throw failure(TitleSet.duplicateMessage(name)) }
      let frequency = Text.trimmed(parts[1])
      guard let (target, interval) = Self.frequency(frequency) else {
        throw failure(
          "\"" + frequency + "\" is not a frequency: use a number of days (1, 7, 1w), or times"
            + " in days (3/7), with the times no more than the days.")
      }
      var habit = HarshHabitLine(
        name: name, heading: heading, target: target, interval: interval, end: nil, line: number)
      if parts.count >= 3, !Text.trimmed(parts[2]).isEmpty {
        let text = Text.trimmed(parts[2])
        guard let end = Day(iso: text) else {
          throw failure(text + " is not a date (yyyy-MM-dd, and the day must exist).")
        }
        habit.end = end
      }
      habits.append(habit)
    }
    return habits
  }

  /// harsh's frequency: `N` (once in N days; 0 tracks without a target), `Nw` (weeks), or
  /// `T/N` (T times in N days, either side may use `w`).
  static func frequency(_ text: String) -> (target: Int, interval: Int)? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard let first = days(parts[0]) else { return nil }
    if parts.count == 1 { return first == 0 ? (0, 1) : (1, first) }
    guard parts.count == 2, let interval = days(parts[1]), interval > 0, first <= interval else {
      return nil
    }
    return (first, interval)
  }

  private static func days(_ text: Substring) -> Int? {
    let trimmed = Text.trimmed(String(text))
    let weeks = trimmed.hasSuffix("w")
    guard let number = Int(weeks ? String(trimmed.dropLast()) : trimmed), number >= 0,
      number <= 100_000
    else { return nil }
    return weeks ? number * 7 : number
  }
}
