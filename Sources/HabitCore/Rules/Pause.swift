/// A pause (a vacation, an illness) over a range of days: the days it covers that the habit asks
/// for, that hold nothing and that would count as missed become skips, so they neither break nor
/// extend a streak; resuming takes every skip in the range back (a pause is not recorded apart
/// from its skips). Days ahead of today cannot hold entries, so a pause ends by today.
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

  /// The days a pause from `first` through `last` skips: those the schedule asks for while the
  /// habit is active, up to `today`, that hold no check-in, no skip, and whose empty outcome is a
  /// miss. An empty day of a habit to quit is a success and an irregular event asks for no day,
  /// so a pause skips none of theirs; a day with a value keeps it (a skip would erase it).
  public static func days(
    for habit: Habit, log: EntryLog, from first: Day, through last: Day, today: Day
  ) -> [Day] {
    guard habit.kind == .habit, !habit.isSuccess(.zero),
      let range = activeRange(habit, from: first, through: last, today: today)
    else {
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

  /// The days resuming from `first` through `last` gives back: every skip in the range, those
  /// made by hand included.
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
    guard let markable = habit.markableDays(today: today) else { return nil }
    let lower = max(first, markable.lowerBound)
    let upper = min(last, markable.upperBound)
    return lower <= upper ? lower...upper : nil
  }
}

extension Tracker {
  /// The days a pause (or a resume) over a range changes, habit by habit: the habit `id`, or
  /// every habit not archived when `id` is nil. The one place that decides what a pause covers.
  public func pauseDays(
    covering id: HabitID?, from first: Day, through last: Day, today: Day, paused: Bool = true
  ) throws(HabitError) -> [(habit: HabitID, days: [Day])] {
    if let problem = Pause.rangeProblem(from: first, through: last, today: today) { throw problem }
    let covered: [Habit]
    if let id {
      covered = [try require(id)]
    } else {
      covered = sortedHabits.filter { !$0.isArchived }
    }
    var result: [(habit: HabitID, days: [Day])] = []
    for habit in covered {
      let days =
        paused
        ? Pause.days(for: habit, log: log(habit.id), from: first, through: last, today: today)
        : Pause.pausedDays(for: habit, log: log(habit.id), from: first, through: last, today: today)
      if !days.isEmpty { result.append((habit.id, days)) }
    }
    return result
  }

  /// Pauses (every due, empty, missed day skipped) or resumes (the range's skips taken back) the
  /// habits `pauseDays` names; returns what it changed. Nothing changes when the range is refused.
  @discardableResult
  public mutating func pause(
    covering id: HabitID?, from first: Day, through last: Day, today: Day, paused: Bool = true
  ) throws(HabitError) -> [(habit: HabitID, days: [Day])] {
    let changed = try pauseDays(
      covering: id, from: first, through: last, today: today, paused: paused)
    for (habit, days) in changed {
      for day in days { try skip(habit, on: day, today: today, skipped: paused) }
    }
    return changed
  }

  /// Pauses or resumes one habit; returns the days it changed.
  @discardableResult
  public mutating func pause(
    _ id: HabitID, from first: Day, through last: Day, today: Day, paused: Bool = true
  ) throws(HabitError) -> [Day] {
    try pause(covering: id, from: first, through: last, today: today, paused: paused).first?.days
      ?? []
  }
}
