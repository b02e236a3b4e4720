/// The days HabitFlow works with. Habits start from 1 January 2000 (older data is not habit
/// tracking, and a start centuries back makes every statistic walk centuries) up to a year from
/// today (a plan, not a typo); entries are never kept for days before 1 January 2000.
public enum DayRange {
  /// The earliest day a habit may start or an entry may be kept for.
  public static let earliest = Day(daysSince1970: 10_957)
  /// How many days after today a habit may start.
  public static let maximumStartAhead = 365

  /// The last day a date written `yyyy-MM-dd` can name: no start is ever later.
  public static let last = Day(year: 9999, month: 12, day: 31)!

  /// The latest start a habit may have when the person's date is `today`, kept between
  /// `earliest` and `last`: `today` may come from a client, and no value of it may trap here or
  /// in a range built on the answer.
  public static func latestStart(today: Day) -> Day {
    let (latest, overflow) = today.daysSince1970.addingReportingOverflow(maximumStartAhead)
    if overflow || latest > last.daysSince1970 { return last }
    return max(Day(daysSince1970: latest), earliest)
  }

  /// The rule for a habit's start date: from `earliest` up to a year after `today`. Compared, not
  /// made a range, so a `today` more than a year before `earliest` (no day allowed) makes every
  /// start a problem instead of a trap.
  public static func startProblem(_ start: Day, today: Day) -> HabitError? {
    let latest = latestStart(today: today)
    let anyAllowed = today >= earliest.advanced(by: -maximumStartAhead)
    return anyAllowed && start >= earliest && start <= latest
      ? nil : .startOutOfRange(latest: latest)
  }

  /// The rule for the day an entry is kept for: not before `earliest`, not after `today`.
  public static func entryProblem(_ day: Day, today: Day) -> HabitError? {
    if day < earliest { return .dayTooEarly }
    return day > today ? .futureDay(day) : nil
  }
}
