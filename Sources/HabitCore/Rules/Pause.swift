/// A pause (a vacation, an illness) over a range of days: the days it covers that the habit asks
/// for and that hold no mark become skips, so they neither break nor extend a streak; resuming
/// takes the range's skips back. Days ahead of today cannot hold entries, so a pause ends by today.
public enum Pause {
  /// The longest pause, in days: a year, leap day included.
  public static let maximumDays = 366

  /// The rule for a pause's range: in order, at most `maximumDays` long, within `DayRange`.
  public static func rangeProblem(from first: Day, through last: Day, today: Day) -> HabitError? {
    if let problem = DayRange.entryProblem(first, today: today) { return problem }
    if let problem = DayRange.entryProblem(last, today: today) { return problem }
    guard first <= last, first.distance(to: last) < maximumDays else { return .pauseOutOfRange }
    return nil
  }

  /// The days a pause from `first` through `last` skips: those the habit's schedule asks for
  /// while it is active, up to `today`, that are neither marked nor skipped already.
  public static func days(
    for habit: Habit, log: EntryLog, from first: Day, through last: Day, today: Day
  ) -> [Day] {
    guard let range = activeRange(habit, from: first, through: last, today: today) else {
      return []
    }
    var result: [Day] = []
    var day = range.lowerBound
    while day <= range.upperBound {
      let entry = log[day]
      if habit.isScheduled(on: day), entry?.isSkipped != true, (entry?.value ?? .zero) == .zero {
        result.append(day)
      }
      day = day.advanced(by: 1)
    }
    return result
  }

  /// The days resuming from `first` through `last` gives back: the range's skipped days.
  public static func pausedDays(
    for habit: Habit, log: EntryLog, from first: Day, through last: Day, today: Day
  ) -> [Day] {
    guard let range = activeRange(habit, from: first, through: last, today: today) else {
      return []
    }
    return log.entries(in: range).filter { $0.isSkipped }.map { $0.day }
  }

  /// The part of the range in which the habit can hold entries, or nil when none is.
  static func activeRange(_ habit: Habit, from first: Day, through last: Day, today: Day)
    -> ClosedRange<Day>?
  {
    let lower = max(first, habit.startDay, DayRange.earliest)
    var upper = min(last, today)
    if let end = habit.endDay { upper = min(upper, end.advanced(by: -1)) }
    return lower <= upper ? lower...upper : nil
  }
}

extension Tracker {
  /// Pauses one habit over a range (every due, unmarked day skipped), or resumes it (the range's
  /// skips taken back); returns the days it changed. Nothing changes when the range is refused.
  @discardableResult
  public mutating func pause(
    _ id: HabitID, from first: Day, through last: Day, today: Day, paused: Bool = true
  ) throws(HabitError) -> [Day] {
    let habit = try require(id)
    if let problem = Pause.rangeProblem(from: first, through: last, today: today) { throw problem }
    let days =
      paused
      ? Pause.days(for: habit, log: log(id), from: first, through: last, today: today)
      : Pause.pausedDays(for: habit, log: log(id), from: first, through: last, today: today)
    for day in days { try skip(id, on: day, today: today, skipped: paused) }
    return days
  }
}
