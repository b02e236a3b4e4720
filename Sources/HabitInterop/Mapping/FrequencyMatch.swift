public import HabitCore

/// Other trackers say "t times in n days"; HabitFlow has the same schedule for up to a year of
/// days, and weekly or monthly ones. One rule picks the schedule for every importer, and says when
/// it is not exact (a run longer than a year).
enum FrequencyMatch {
  /// The schedule for `times` in `days` days, and whether it means the same thing.
  static func schedule(times: Int, days: Int) -> (schedule: Schedule, exact: Bool) {
    var times = max(times, 1)
    var days = max(days, 1)
    if times >= days { return (.everyDay, times == days) }
    // Any number can come from a file: halving both keeps their ratio (all that matters past
    // this point) and brings `times * 60 + days` within an Int, since times < days.
    while days > Int.max / 64 {
      times = max(times / 2, 1)
      days /= 2
    }
    if days == 7 { return (.timesPerWeek(times), true) }
    if days == 30 { return (.timesPerMonth(times), true) }
    if days <= HabitError.maximumInterval { return (.timesInDays(times: times, days: days), true) }
    let weekly = (times * 14 + days) / (days * 2)
    if weekly >= 1 { return (weekly >= 7 ? .everyDay : .timesPerWeek(weekly), false) }
    let monthly = (times * 60 + days) / (days * 2)
    return (.timesPerMonth(min(max(monthly, 1), 31)), false)
  }

  /// How the preview names a schedule: "every day", "3 times a week", "every 14 days".
  static func describe(_ schedule: Schedule) -> String {
    switch schedule {
    case .everyDay: return "every day"
    case .weekdays(let set): return "on " + String(set.count) + " weekdays"
    case .everyNDays(let days): return "every " + String(days) + " days"
    case .timesPerWeek(let times):
      return times == 1 ? "once a week" : String(times) + " times a week"
    case .timesPerMonth(let times):
      return times == 1 ? "once a month" : String(times) + " times a month"
    case .timesInDays(let times, let days):
      return (times == 1 ? "once" : String(times) + " times") + " in " + String(days) + " days"
    }
  }

  /// The schedule for `times` in `days` days, noting an approximation for `title` when it is not
  /// exact; `source` is how the other tracker says it ("3 times in 10 days").
  static func schedule(
    times: Int, days: Int, source: String, title: String,
    approximations: inout [Approximation]
  ) -> Schedule {
    let (schedule, exact) = self.schedule(times: times, days: days)
    if !exact {
      approximations.append(
        Approximation(
          habitTitle: title,
          message: source + " has no exact match; it is kept as " + describe(schedule) + "."))
    }
    return schedule
  }
}
