public import HabitCore

/// One line of harsh's `log`: `yyyy-MM-dd : Habit : y|n|s : comment : amount` (comment and
/// amount optional).
struct HarshLogLine {
  enum Result: String {
    case yes = "y"
    case no = "n"
    case skip = "s"
  }

  var day: Day
  var habit: String
  var result: Result
  var comment: String
  var amount: Amount
  var line: Int

  static func read(_ file: ImportFile) throws(ImportError) -> [HarshLogLine] {
    var lines: [HarshLogLine] = []
    for (number, text) in try HarshLines.read(file) {
      func failure(_ message: String) -> ImportError {
        ImportError(file: file.path, line: number, message: message)
      }
      let parts = HarshLines.fields(text, by: " : ")
      guard parts.count >= 3 else {
        throw failure("A log line is written \"yyyy-MM-dd : Habit : y|n|s : comment : amount\".")
      }
      let dateText = Text.trimmed(parts[0])
      guard let day = Day(iso: dateText) else {
        throw failure(dateText + " is not a date (yyyy-MM-dd, and the day must exist).")
      }
      let habit = Text.trimmed(parts[1])
      guard !habit.isEmpty else { throw failure("The line names no habit.") }
      guard let result = Result(rawValue: Text.trimmed(parts[2])) else {
        throw failure(
          "\"" + Text.trimmed(parts[2]) + "\" is not a result: use y (done), n (not done) or s"
            + " (skipped).")
      }
      // A comment may itself hold " : "; the amount is the last field.
      let comment =
        parts.count >= 5
        ? parts[3..<(parts.count - 1)].joined(separator: " : ") : parts.count == 4 ? parts[3] : ""
      var amount = Amount.zero
      if parts.count >= 5, !Text.trimmed(parts[parts.count - 1]).isEmpty {
        let amountText = Text.trimmed(parts[parts.count - 1])
        guard let parsed = JSONAmount.rounded(amountText), parsed >= .zero else {
          throw failure("\"" + amountText + "\" is not an amount.")
        }
        amount = parsed
      }
      lines.append(
        HarshLogLine(
          day: day, habit: habit, result: result, comment: comment, amount: amount,
          line: number))
    }
    return lines
  }
}
