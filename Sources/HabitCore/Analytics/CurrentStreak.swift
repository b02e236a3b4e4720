extension Tracker {
  /// The streak a habit card shows, found by walking back from today to the first miss, so a
  /// screen of cards costs the length of their streaks rather than of their histories. Always
  /// equals `stats(for:today:firstWeekday:).currentStreak`.
  public func currentStreak(for id: HabitID, today: Day, firstWeekday: Weekday = .monday)
    throws(HabitError) -> Streak
  {
    let habit = try require(id)
    let schedule = habit.effectiveSchedule
    let walk = BackwardDays(habit: habit, log: log(id), today: today)
    if let period = Period(schedule, start: habit.startDay, firstWeekday: firstWeekday) {
      return walk.periodStreak(period, unit: period.unit)
    }
    guard habit.kind != .irregularEvent else { return .none(.days) }
    return walk.dayStreak(DueDays(schedule, start: habit.startDay))
  }

  /// Days with something logged (not skipped), what a card shows for an irregular event.
  /// Equals `stats(for:today:).trackedDays` without analysing the history.
  public func trackedDays(for id: HabitID, today: Day) throws(HabitError) -> Int {
    let habit = try require(id)
    var tracked = 0
    for entry in BackwardDays(habit: habit, log: log(id), today: today).entries
    where !entry.isSkipped && entry.value > .zero {
      tracked += 1
    }
    return tracked
  }
}

/// A habit's days from its last open day back to its start, read against its entries.
private struct BackwardDays {
  let habit: Habit
  let today: Day
  /// The habit's days up to today (or the goal's end); nil before it starts.
  let range: ClosedRange<Day>?
  let entries: ArraySlice<Entry>

  init(habit: Habit, log: EntryLog, today: Day) {
    self.habit = habit
    self.today = today
    var last = today
    if let end = habit.endDay, end.advanced(by: -1) < last { last = end.advanced(by: -1) }
    range = habit.startDay <= last ? habit.startDay...last : nil
    entries = range.map { log.entries(in: $0) } ?? []
  }

  /// How a day went: met, skipped, or neither. An empty day is met only for a habit to quit.
  private func outcome(_ entry: Entry?) -> (met: Bool, skipped: Bool) {
    let skipped = entry?.isSkipped ?? false
    return (!skipped && habit.isSuccess(entry?.value ?? .zero), skipped)
  }

  /// Visits days from `last` back to `first` with each day's entry, until `visit` says stop.
  /// `cursor` is the position in `entries` just after `last`'s entry, carried between calls.
  private func walk(
    from last: Day, to first: Day, cursor: inout Int, _ visit: (Day, Entry?) -> Bool
  ) {
    var day = last
    while day >= first {
      var entry: Entry?
      while cursor > entries.startIndex, entries[cursor - 1].day > day { cursor -= 1 }
      if cursor > entries.startIndex, entries[cursor - 1].day == day {
        entry = entries[cursor - 1]
        cursor -= 1
      }
      guard visit(day, entry) else { return }
      day = day.advanced(by: -1)
    }
  }

  func dayStreak(_ due: DueDays) -> Streak {
    guard let range else { return .none(.days) }
    var length = 0
    var start: Day?
    var end: Day?
    var cursor = entries.endIndex
    walk(from: range.upperBound, to: range.lowerBound, cursor: &cursor) { day, entry in
      guard due.isDue(at: range.lowerBound.distance(to: day)) else { return true }
      let (met, skipped) = outcome(entry)
      if met {
        length += 1
        start = day
        if end == nil { end = day }
        return true
      }
      // A skip, or today not yet done on a habit to build, neither ends nor extends the run.
      return skipped || (habit.direction == .build && day == today)
    }
    return .run(length, .days, from: start, to: end)
  }

  func periodStreak(_ period: Period, unit: Streak.Unit) -> Streak {
    guard let range else { return .none(unit) }
    var length = 0
    var start: Day?
    var end: Day?
    var cursor = entries.endIndex
    var index = period.index(of: range.upperBound)
    periods: while true {
      let bounds = period.bounds(of: index)
      var state = PeriodState(bounds: bounds)
      walk(
        from: min(bounds.upperBound, range.upperBound),
        to: max(bounds.lowerBound, range.lowerBound),
        cursor: &cursor
      ) { _, entry in
        let (met, skipped) = outcome(entry)
        if met { state.successes += 1 }
        if skipped { state.skips += 1 }
        return true
      }
      let required = period.required(in: bounds, habit: habit)
      if required > 0 {
        switch period.judge(state, required: required, habit: habit, today: today) {
        case .met:
          let run = period.counted(bounds, habit: habit, today: today)
          length += run.steps
          start = run.first
          if end == nil { end = run.last }
        case .missed:
          break periods
        case .open:
          break
        }
      }
      if bounds.lowerBound <= range.lowerBound { break }
      index -= 1
    }
    return .run(length, unit, from: start, to: end)
  }
}
