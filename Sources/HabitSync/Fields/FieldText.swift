public import HabitCore

/// The text forms of compound habit fields (schedule, measure, goal, reminders). Each is one
/// field, so a concurrent edit replaces the whole schedule rather than mixing two.
public enum FieldText {
  public static func schedule(_ schedule: Schedule) -> String {
    let kind = schedule.kind.rawValue
    switch schedule {
    case .everyDay: return kind
    case .weekdays(let set): return kind + ":" + String(set.rawValue)
    case .everyNDays(let number), .timesPerWeek(let number), .timesPerMonth(let number):
      return kind + ":" + String(number)
    case .timesInDays(let times, let days): return kind + ":" + String(times) + ":" + String(days)
    }
  }

  public static func schedule(_ text: String) -> Schedule? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard let kind = ScheduleKind(rawValue: String(parts[0])) else { return nil }
    if kind == .everyDay { return parts.count == 1 ? .everyDay : nil }
    if kind == .timesInDays {
      guard parts.count == 3, let times = Int(parts[1]), let days = Int(parts[2]) else {
        return nil
      }
      return .timesInDays(times: times, days: days)
    }
    guard parts.count == 2, let number = Int(parts[1]) else { return nil }
    if kind == .weekdays {
      guard (0...127).contains(number) else { return nil }
      return .weekdays(WeekdaySet(rawValue: UInt8(number)))
    }
    return Schedule(kind, number: number, weekdays: WeekdaySet())
  }

  public static func measure(_ measure: Measure) -> String {
    let kind = measure.kind.rawValue
    switch measure {
    case .done: return kind
    case .count(let step, let target): return kind + ":" + String(step) + ":" + String(target)
    case .quantity(let target, let unit):
      return kind + ":" + String(target.thousandths) + ":" + unit
    }
  }

  public static func measure(_ text: String) -> Measure? {
    let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard let kind = MeasureKind(rawValue: String(parts[0])) else { return nil }
    switch kind {
    case .done:
      return parts.count == 1 ? .done : nil
    case .count:
      guard parts.count == 3, let step = Int(parts[1]), let target = Int(parts[2]) else {
        return nil
      }
      return .count(step: step, target: target)
    case .quantity:
      guard parts.count == 3, let target = Int64(parts[1]) else { return nil }
      return .quantity(target: Amount(thousandths: target), unit: String(parts[2]))
    }
  }

  public static func goal(_ goal: Goal) -> String {
    guard let length = goal.length else { return goal.kind.rawValue }
    return goal.kind.rawValue + ":" + String(length)
  }

  public static func goal(_ text: String) -> Goal? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard let kind = GoalKind(rawValue: String(parts[0])) else { return nil }
    if kind == .forever { return parts.count == 1 ? .forever : nil }
    guard parts.count == 2, let count = Int(parts[1]) else { return nil }
    return Goal(kind, count: count)
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
