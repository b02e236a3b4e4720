/// When a habit is expected. Fixed schedules make certain days due; flexible ones ("3 times a
/// week") leave the days to the person and are judged per week, month or run of days.
public enum Schedule: Hashable, Sendable {
  case everyDay
  case weekdays(WeekdaySet)
  /// Every N days counted from the start date (N = 2 is "every other day").
  case everyNDays(Int)
  case timesPerWeek(Int)
  case timesPerMonth(Int)
  /// Loop Habit Tracker's "N times in M days": judged over runs of M days counted from the start
  /// date, and scored over any M days in a row, as Loop scores it.
  case timesInDays(times: Int, days: Int)

  /// Flexible schedules are measured per week, month or run of days, not per day.
  public var isFlexible: Bool {
    switch self {
    case .timesPerWeek, .timesPerMonth, .timesInDays: return true
    case .everyDay, .weekdays, .everyNDays: return false
    }
  }

  /// Whether `day` is one of the days this schedule asks for, for a habit that starts on `start`.
  /// Flexible schedules allow every day.
  public func includes(_ day: Day, start: Day) -> Bool {
    switch self {
    case .everyDay, .timesPerWeek, .timesPerMonth, .timesInDays:
      return true
    case .weekdays(let set):
      return set.contains(day.weekday)
    case .everyNDays(let interval):
      let offset = start.distance(to: day)
      return interval > 0 && offset % interval == 0
    }
  }

  /// Expected repetitions per day, as Loop Habit Tracker's strength score counts them.
  public var frequency: (numerator: Int, denominator: Int) {
    switch self {
    case .everyDay: return (1, 1)
    case .weekdays(let set): return (set.count, 7)
    case .everyNDays(let interval): return (1, interval)
    case .timesPerWeek(let times): return (times, 7)
    case .timesPerMonth(let times): return (times, 30)
    // Loop reads "N times in N days" as every day, and scores it so.
    case .timesInDays(let times, let days): return times >= days ? (1, 1) : (times, days)
    }
  }
}

/// A schedule's kind, spelled as every wire and form spells it.
public enum ScheduleKind: String, CaseIterable, Hashable, Sendable {
  case everyDay
  case weekdays
  case everyNDays
  case timesPerWeek
  case timesPerMonth
  case timesInDays
}

extension Schedule {
  /// The kind alone, for the wire and form spellings.
  public var kind: ScheduleKind {
    switch self {
    case .everyDay: return .everyDay
    case .weekdays: return .weekdays
    case .everyNDays: return .everyNDays
    case .timesPerWeek: return .timesPerWeek
    case .timesPerMonth: return .timesPerMonth
    case .timesInDays: return .timesInDays
    }
  }

  /// The schedule of `kind`: `number` for the counted kinds (with `days` for N times in M days),
  /// `weekdays` for chosen weekdays.
  public init(_ kind: ScheduleKind, number: Int, days: Int = 0, weekdays: WeekdaySet) {
    switch kind {
    case .everyDay: self = .everyDay
    case .weekdays: self = .weekdays(weekdays)
    case .everyNDays: self = .everyNDays(number)
    case .timesPerWeek: self = .timesPerWeek(number)
    case .timesPerMonth: self = .timesPerMonth(number)
    case .timesInDays: self = .timesInDays(times: number, days: days)
    }
  }
}
