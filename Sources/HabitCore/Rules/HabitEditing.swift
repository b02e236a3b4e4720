extension Tracker {
  /// Adds a new habit after validating every field (its start date too, given `today`); it goes
  /// after the existing habits unless its order says otherwise.
  @discardableResult
  public mutating func add(_ habit: Habit, today: Day? = nil) throws(HabitError) -> Habit {
    guard habits[habit.id] == nil else { throw .habitAlreadyExists }
    let stored = habit.normalized
    try stored.validate(in: self, today: today)
    habits[stored.id] = stored
    return stored
  }

  /// Replaces a habit's fields. A later start date drops the entries before it (see
  /// `entriesLost(ifStartOf:movesTo:)` for the warning); the result says how many went.
  @discardableResult
  public mutating func update(_ habit: Habit, today: Day? = nil) throws(HabitError)
    -> HabitUpdate
  {
    let current = try require(habit.id)
    let stored = habit.normalized
    // The start date's range is checked when it changes: a habit saved before the range existed
    // can still be renamed or archived.
    try stored.validate(in: self, today: stored.startDay == current.startDay ? nil : today)
    habits[stored.id] = stored
    let dropped = logs[stored.id]?.removeAll(before: stored.startDay) ?? 0
    if logs[stored.id]?.isEmpty == true { logs[stored.id] = nil }
    return HabitUpdate(habit: stored, droppedEntries: dropped)
  }

  /// Deletes a habit and all of its history.
  public mutating func deleteHabit(_ id: HabitID) throws(HabitError) {
    _ = try require(id)
    habits[id] = nil
    logs[id] = nil
  }

  public mutating func setPinned(_ id: HabitID, _ pinned: Bool) throws(HabitError) {
    var habit = try require(id)
    habit.isPinned = pinned
    habits[id] = habit
  }

  public mutating func setArchived(_ id: HabitID, _ archived: Bool) throws(HabitError) {
    var habit = try require(id)
    habit.isArchived = archived
    habits[id] = habit
  }

  /// Puts the habits in the given order (ids not listed keep their place after the listed ones).
  public mutating func reorder(_ ids: [HabitID]) throws(HabitError) {
    for id in ids { _ = try require(id) }
    var next = 0
    for id in ids {
      habits[id]!.order = next
      next += 1
    }
    let listed = Set(ids.map { $0.rawValue })
    for habit in sortedHabits where !listed.contains(habit.id.rawValue) {
      habits[habit.id]!.order = next
      next += 1
    }
  }
}

/// What saving an edited habit did, so the face can confirm it.
public struct HabitUpdate: Hashable, Sendable {
  public let habit: Habit
  /// Entries before the new start date that were removed.
  public let droppedEntries: Int
}
