/// The days HabitFlow works with. Habits start from 1 January 2000 (older data is not habit
/// tracking, and a start centuries back makes every statistic walk centuries) up to a year from
/// today (a plan, not a typo); entries are never kept for days before 1 January 2000.
public enum DayRange {
  /// The earliest day a habit may start or an entry may be kept for.
  public static let earliest = Day(daysSince1970: 10_957)
  /// How many days after today a habit may start.
  public static let maximumStartAhead = 365

  /// The latest start a habit may have when the person's date is `today`.
  public static func latestStart(today: Day) -> Day {
    today.advanced(by: maximumStartAhead)
  }

  /// The rule for a habit's start date.
  public static func startProblem(_ start: Day, today: Day) -> HabitError? {
    (earliest...latestStart(today: today)).contains(start)
      ? nil : .startOutOfRange(latest: latestStart(today: today))
  }

  /// The rule for the day an entry is kept for: not before `earliest`, not after `today`.
  public static func entryProblem(_ day: Day, today: Day) -> HabitError? {
    if day < earliest { return .dayTooEarly }
    return day > today ? .futureDay(day) : nil
  }
}
