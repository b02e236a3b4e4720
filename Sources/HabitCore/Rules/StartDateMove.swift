extension Tracker {
  /// How many days of history moving the habit's start to `day` would delete (check-ins, amounts,
  /// notes, skips and "no" marks alike): the one count every face warns with before saving.
  public func entriesLost(ifStartOf id: HabitID, movesTo day: Day) -> Int {
    log(id).count(before: day)
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
