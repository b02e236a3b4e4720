import HabitCore

/// A habit's settings and figures in the words the other faces use.
enum HabitText {
  /// "1 habit", "2 habits": a count with its noun, singular for one.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) " + (number == 1 ? noun : noun + "s")
  }

  static func schedule(_ schedule: Schedule) -> String {
    switch schedule {
    case .everyDay: return "every day"
    case .weekdays(let set):
      if set == .workdays { return "on weekdays" }
      if set == .weekend { return "at weekends" }
      return "on "
        + Weekday.allCases.filter { set.contains($0) }.map(weekdayName).joined(separator: ", ")
    case .everyNDays(let days): return days == 1 ? "every day" : "every \(days) days"
    case .timesPerWeek(let times): return times == 1 ? "once a week" : "\(times) times a week"
    case .timesPerMonth(let times): return times == 1 ? "once a month" : "\(times) times a month"
    case .timesInDays(let times, let days):
      return (times == 1 ? "once" : "\(times) times") + " in \(days) days"
    }
  }

  static func weekdayName(_ weekday: Weekday) -> String {
    ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][weekday.isoNumber - 1]
  }

  static func measure(_ measure: Measure) -> String {
    switch measure {
    case .done: return "done or not"
    case .count(let step, let target):
      return "count to \(target)" + (step == 1 ? "" : ", \(step) a tap")
    case .quantity(let target, let unit): return target.text + " " + unit
    }
  }

  static func goal(_ goal: Goal) -> String {
    switch goal {
    case .forever: return "forever"
    case .days(let count): return count == 1 ? "1 day" : "\(count) days"
    case .weeks(let count): return count == 1 ? "1 week" : "\(count) weeks"
    case .months(let count): return count == 1 ? "1 month" : "\(count) months"
    }
  }

  static func streak(_ streak: Streak) -> String {
    let unit: String =
      switch streak.unit {
      case .days: streak.length == 1 ? "day" : "days"
      case .weeks: streak.length == 1 ? "week" : "weeks"
      case .months: streak.length == 1 ? "month" : "months"
      }
    return "\(streak.length) " + unit
  }

  /// How far the day got: "3/8 glasses", "2/5"; empty for a done-or-not habit.
  static func progress(_ item: AgendaItem) -> String {
    switch item.habit.measure {
    case .done: return ""
    case .count(_, let target): return item.value.text + "/" + String(target)
    case .quantity(let target, let unit): return item.value.text + "/" + target.text + " " + unit
    }
  }

  /// The title with its emoji in front when it has one.
  static func title(_ habit: Habit) -> String {
    habit.emoji.isEmpty ? habit.title : habit.emoji + " " + habit.title
  }

  /// `text` padded with spaces to `width` characters as a person counts them.
  static func padded(_ text: String, _ width: Int) -> String {
    let length = Text.length(text)
    return length >= width ? text : text + String(repeating: " ", count: width - length)
  }
}
