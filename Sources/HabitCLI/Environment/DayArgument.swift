import HabitCore

/// A day as people type it: `today`, `yesterday`, or `YYYY-MM-DD`.
enum DayArgument {
  static func parse(_ text: String?, today: Day) throws(CLIError) -> Day {
    guard let text else { return today }
    switch text.lowercased() {
    case "today": return today
    case "yesterday": return today.advanced(by: -1)
    default:
      guard let day = Day(iso: text) else {
        throw CLIError(
          "\"\(text)\" is not a day. Write today, yesterday or a date such as 2026-03-31.",
          code: "invalid_date", exit: .refused)
      }
      return day
    }
  }
}
