/// English renderings of a day for messages, so errors can name a date the way people read it.
public enum DayFormat {
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// "1 December 2026".
  public static func long(_ day: Day) -> String {
    let date = day.civil
    return String(date.day) + " " + monthNames[date.month - 1] + " " + String(date.year)
  }
}
