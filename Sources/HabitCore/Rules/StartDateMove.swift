extension Tracker {
  /// How many entries moving the habit's start to `day` would delete: the warning a person sees
  /// before saving a later start date.
  public func entriesLost(ifStartOf id: HabitID, movesTo day: Day) -> Int {
    log(id).count(before: day)
  }

  /// How many of those lost entries were marked days (not skips or bare notes), for the wording.
  public func completedDaysLost(ifStartOf id: HabitID, movesTo day: Day) -> Int {
    var count = 0
    for entry in log(id).entries where entry.day < day && !entry.isSkipped && entry.value > .zero {
      count += 1
    }
    return count
  }

  /// Moves the start date and drops the entries before it; returns how many were dropped.
  @discardableResult
  public mutating func moveStart(of id: HabitID, to day: Day, today: Day? = nil)
    throws(HabitError) -> Int
  {
    var habit = try require(id)
    habit.startDay = day
    return try update(habit, today: today).droppedEntries
  }
}
