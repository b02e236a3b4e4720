public import HabitCore

/// The text forms of compound habit fields (schedule, measure, goal, reminders). Each is one
/// field, so a concurrent edit replaces the whole schedule rather than mixing two.
public enum FieldText {
  public static func schedule(_ schedule: Schedule) -> String {
    switch schedule {
    case .everyDay: return "everyDay"
    case .weekdays(let set): return "weekdays:" + String(set.rawValue)
    case .everyNDays(let days): return "everyNDays:" + String(days)
    case .timesPerWeek(let times): return "timesPerWeek:" + String(times)
    case .timesPerMonth(let times): return "timesPerMonth:" + String(times)
    }
  }

  public static func schedule(_ text: String) -> Schedule? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    if parts.count == 1 { return text == "everyDay" ? .everyDay : nil }
    guard parts.count == 2, let number = Int(parts[1]) else { return nil }
    switch parts[0] {
    case "weekdays":
      guard (0...127).contains(number) else { return nil }
      return .weekdays(WeekdaySet(rawValue: UInt8(number)))
    case "everyNDays": return .everyNDays(number)
    case "timesPerWeek": return .timesPerWeek(number)
    case "timesPerMonth": return .timesPerMonth(number)
    default: return nil
    }
  }

  public static func measure(_ measure: Measure) -> String {
    switch measure {
    case .done: return "done"
    case .count(let step, let target): return "count:" + String(step) + ":" + String(target)
    case .quantity(let target, let unit):
      return "quantity:" + String(target.thousandths) + ":" + unit
    }
  }

  public static func measure(_ text: String) -> Measure? {
    if text == "done" { return .done }
    let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, let first = Int64(parts[1]) else { return nil }
    switch parts[0] {
    case "count":
      guard let target = Int(parts[2]) else { return nil }
      guard let step = Int(exactly: first) else { return nil }
      return .count(step: step, target: target)
    case "quantity":
      return .quantity(target: Amount(thousandths: first), unit: String(parts[2]))
    default:
      return nil
    }
  }

  public static func goal(_ goal: Goal) -> String {
    switch goal {
    case .forever: return "forever"
    case .days(let count): return "days:" + String(count)
    case .weeks(let count): return "weeks:" + String(count)
    case .months(let count): return "months:" + String(count)
    }
  }

  public static func goal(_ text: String) -> Goal? {
    if text == "forever" { return .forever }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let count = Int(parts[1]) else { return nil }
    switch parts[0] {
    case "days": return .days(count)
    case "weeks": return .weeks(count)
    case "months": return .months(count)
    default: return nil
    }
  }

  /// `times=07:30,21:00;days=127;place=gym:arrive` (parts optional).
  public static func reminders(_ reminders: Reminders) -> String {
    var parts: [String] = []
    if !reminders.times.isEmpty {
      var times = ""
      for (index, time) in reminders.times.enumerated() {
        times += (index > 0 ? "," : "") + time.text
      }
      parts.append("times=" + times)
    }
    parts.append("days=" + String(reminders.weekdays.rawValue))
    if let place = reminders.place {
      parts.append("place=" + place.place.rawValue + ":" + place.trigger.rawValue)
    }
    var text = ""
    for (index, part) in parts.enumerated() { text += (index > 0 ? ";" : "") + part }
    return text
  }

  public static func reminders(_ text: String) -> Reminders? {
    var result = Reminders()
    for part in text.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard pair.count == 2 else { return nil }
      switch pair[0] {
      case "times":
        for item in pair[1].split(separator: ",") {
          guard let time = ClockTime(text: String(item)) else { return nil }
          result.times.append(time)
        }
      case "days":
        guard let mask = Int(pair[1]), (0...127).contains(mask) else { return nil }
        result.weekdays = WeekdaySet(rawValue: UInt8(mask))
      case "place":
        let place = pair[1].split(separator: ":", omittingEmptySubsequences: false)
        guard place.count == 2, let trigger = PlaceReminder.Trigger(rawValue: String(place[1])),
          RecordID.isValid(String(place[0]))
        else { return nil }
        result.place = PlaceReminder(place: PlaceID(String(place[0])), trigger: trigger)
      default:
        return nil
      }
    }
    return result
  }
}

/// Record ids (habits, categories, places) travel in keys and URLs, so they are limited to
/// letters, digits, '-' and '_'.
public enum RecordID {
  public static let maximumLength = 64

  public static func isValid(_ id: String) -> Bool {
    DeviceID.isValid(id)
  }
}
