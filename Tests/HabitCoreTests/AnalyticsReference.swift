import HabitCore

/// Deliberately naive readings of the rules behind the progress figures, straight from a habit's
/// entries, for the property tests to check the one-pass analysis against.
enum Reference {
  /// The last day a habit's figures count: today, or its goal's last day once that is over.
  static func lastDay(of habit: Habit, today: Day) -> Day {
    if let end = habit.endDay, end.advanced(by: -1) < today { return end.advanced(by: -1) }
    return today
  }

  /// The habit's counted days, oldest first (empty before it starts).
  static func life(of habit: Habit, today: Day) -> [Day] {
    let last = lastDay(of: habit, today: today)
    guard habit.startDay <= last else { return [] }
    return (0...habit.startDay.distance(to: last)).map { habit.startDay.advanced(by: $0) }
  }

  /// Whether a day was met: reached (to build) or kept within (to quit), not skipped; an empty
  /// day meets a habit to quit.
  static func isMet(_ habit: Habit, _ entry: Entry?) -> Bool {
    if entry?.isSkipped == true { return false }
    return habit.isSuccess(entry?.value ?? .zero)
  }

  /// Whether a fixed schedule asks for the day.
  static func isDue(_ habit: Habit, _ day: Day) -> Bool {
    habit.effectiveSchedule.includes(day, start: habit.startDay)
  }

  /// Met days of the habits to build, per day from `first` through `today`: what the statistics
  /// count as completions.
  static func completions(_ tracker: Tracker, from first: Day, through today: Day) -> [Day: Int] {
    var result: [Day: Int] = [:]
    for habit in tracker.habits.values where habit.direction == .build {
      let last = lastDay(of: habit, today: today)
      for entry in tracker.log(habit.id).entries
      where entry.day >= max(first, habit.startDay) && entry.day <= last && isMet(habit, entry) {
        result[entry.day, default: 0] += 1
      }
    }
    return result
  }

  /// The sum of completions over the days of `range`.
  static func completionCount(_ tracker: Tracker, in range: ClosedRange<Day>, today: Day) -> Int {
    completions(tracker, from: range.lowerBound, through: min(today, range.upperBound)).values
      .reduce(0, +)
  }
}
