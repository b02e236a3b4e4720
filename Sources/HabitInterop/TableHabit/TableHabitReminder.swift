public import HabitCore
public import HabitSync

/// Table Habit's reminder, a JSON object written as text: `{"type":1|2|3|4,"time":{"hour",
/// "minute"},"extra":[…]}` (when needed, daily, on weekdays 1 Monday … 7 Sunday, on days of the
/// month).
enum TableHabitReminder {
  static func reminders(
    _ text: String, title: String, approximations: inout [Approximation]
  ) -> Reminders {
    func dropped(_ why: String) -> Reminders {
      approximations.append(Approximation(habitTitle: title, message: why))
      return .none
    }
    guard case .object(let members) = try? JSONParser.parse(text) else {
      return dropped("Its reminder cannot be read and is not kept.")
    }
    var type = 0
    var time: ClockTime?
    var extra: [Int] = []
    for (name, value) in members {
      switch (name, value) {
      case ("type", .number(let number)): type = Int(number) ?? 0
      case ("time", .object(let parts)):
        var hour = -1
        var minute = -1
        for (part, value) in parts {
          guard case .number(let number) = value, let number = Int(number) else { continue }
          if part == "hour" { hour = number } else if part == "minute" { minute = number }
        }
        time = ClockTime(hour: hour, minute: minute)
      case ("extra", .array(let items)):
        for case .number(let number) in items { extra.append(Int(number) ?? 0) }
      default: break
      }
    }
    guard let time else { return dropped("Its reminder has no time and is not kept.") }
    switch type {
    case 1, 2:
      return Reminders(times: [time])
    case 3:
      let weekdays = WeekdaySet(extra.compactMap { Weekday(isoNumber: $0) })
      return Reminders(times: [time], weekdays: weekdays.count == 0 ? .everyDay : weekdays)
    case 4:
      approximations.append(
        Approximation(
          habitTitle: title,
          message: "Its reminder on days of the month becomes a reminder every day."))
      return Reminders(times: [time])
    default:
      return dropped("Its reminder is of a kind HabitFlow does not know and is not kept.")
    }
  }
}
