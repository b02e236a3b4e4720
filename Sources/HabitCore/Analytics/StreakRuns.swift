extension HabitDays {
  /// Every run of met days (or weeks, or months for a flexible schedule), oldest first. Within
  /// `range` a run that crosses its edge counts only its part inside (days of a run of days too);
  /// a week or month counts when it overlaps the range.
  func runs(in range: ClosedRange<Day>? = nil) -> [Streak] {
    guard habit.kind != .irregularEvent, count > 0 else { return [] }
    var lower = 0
    var upper = count - 1
    if let range {
      lower = max(lower, index(of: range.lowerBound))
      upper = min(upper, index(of: range.upperBound))
    }
    guard lower <= upper else { return [] }
    if let period {
      var counter = StreakCounter(unit: period.unit, keepsRuns: true)
      var tally = Tally()
      let first = day(at: lower)
      let last = day(at: upper)
      // Only the weeks, months or runs of days that overlap the range, each walked whole.
      let from = max(0, index(of: period.bounds(of: period.index(of: first)).lowerBound))
      let through = min(
        count - 1, index(of: period.bounds(of: period.index(of: last)).upperBound))
      period.walk(table, from: habit.startDay, indexes: from..<through + 1) { state in
        guard let bounds = state.bounds, bounds.upperBound >= first, bounds.lowerBound <= last
        else { return }
        HabitAnalysis.finish(
          state, period, habit, today: today, streaks: &counter, tally: &tally, within: range)
      }
      return counter.runs
    }
    // The rules of `HabitAnalysis.analyze`: a due day met extends the run, a due day missed ends
    // it, a skip (or today, not yet done, for a habit to build) does neither.
    let open = habit.direction == .build ? index(of: today) : -1
    var runs: [Streak] = []
    var length = 0
    var start = 0
    var end = 0
    for index in lower...upper where due.isDue(at: index) {
      let flags = table.state[index]
      if flags & DayTable.success != 0 {
        if length == 0 { start = index }
        length += 1
        end = index
      } else if flags & DayTable.skipped == 0 && index != open {
        if length > 0 {
          runs.append(Streak(length: length, unit: .days, start: day(at: start), end: day(at: end)))
        }
        length = 0
      }
    }
    if length > 0 {
      runs.append(Streak(length: length, unit: .days, start: day(at: start), end: day(at: end)))
    }
    return runs
  }
}

extension Streak {
  /// The `limit` longest runs, longest first; among equals the earlier first, as the longest
  /// streak counts the first run to reach a length.
  public static func best(_ runs: [Streak], limit: Int) -> [Streak] {
    Array(
      runs.ordered { lhs, rhs in
        if lhs.length != rhs.length { return lhs.length > rhs.length }
        return (lhs.end ?? Day(daysSince1970: 0)) < (rhs.end ?? Day(daysSince1970: 0))
      }.prefix(limit))
  }
}

extension Tracker {
  /// Every streak of a habit, oldest first, the live one last: the calendar draws them as runs.
  public func streaks(for id: HabitID, today: Day, firstWeekday: Weekday = .monday)
    throws(HabitError) -> [Streak]
  {
    try days(of: id, today: today, firstWeekday: firstWeekday).runs()
  }

  /// A habit's longest streaks with their dates, longest first (the detail's top five).
  public func bestStreaks(
    for id: HabitID, today: Day, firstWeekday: Weekday = .monday, limit: Int = 5
  ) throws(HabitError) -> [Streak] {
    Streak.best(try streaks(for: id, today: today, firstWeekday: firstWeekday), limit: limit)
  }
}
