public import HabitCore
public import HabitSync

/// Table Habit's frequency: `freq_type` 1 (n times a week), 2 (n times a month) or 3 (t times in
/// d days), with its numbers in `freq_custom`, a JSON array written as text ("[3]", "[2,5]").
enum TableHabitFrequency {
  static func schedule(
    _ fields: inout JSONFields, title: String, approximations: inout [Approximation]
  ) throws(ImportError) -> Schedule {
    guard let type = try fields.integer("freq_type") else { return .everyDay }
    let text = try fields.string("freq_custom") ?? "[1,1]"
    var numbers: [Int] = []
    if case .array(let items) = try? JSONParser.parse(text) {
      for item in items {
        if case .number(let number) = item, let value = Int(number), value >= 1 {
          numbers.append(value)
        }
      }
    }
    func refused() -> ImportError {
      fields.failure(
        "\"" + text + "\" does not fit freq_type " + String(type) + ".",
        member: "freq_custom")
    }
    switch type {
    case 1:
      guard numbers.count == 1 else { throw refused() }
      return numbers[0] >= 7 ? .everyDay : .timesPerWeek(numbers[0])
    case 2:
      guard numbers.count == 1 else { throw refused() }
      return numbers[0] >= 31 ? .everyDay : .timesPerMonth(numbers[0])
    case 3:
      guard numbers.count == 2 else { throw refused() }
      let (times, days) = (min(numbers[0], numbers[1]), max(numbers[0], numbers[1]))
      return FrequencyMatch.schedule(
        times: times, days: days,
        source: String(times) + (times == 1 ? " time" : " times") + " in " + String(days)
          + " days",
        title: title, approximations: &approximations)
    default:
      throw fields.failure(
        String(type) + " is not a frequency type (1, 2 or 3).",
        member: "freq_type")
    }
  }
}
