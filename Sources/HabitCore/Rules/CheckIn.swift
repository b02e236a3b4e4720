extension Tracker {
  /// Marks the day complete in one tap: done, the count's target, or the quantity's target.
  /// For a habit to quit, this records a slip. The person's own check-in replaces an imported
  /// mark.
  @discardableResult
  public mutating func complete(_ id: HabitID, on day: Day, today: Day) throws(HabitError) -> Entry
  {
    let habit = try checkable(id, on: day, today: today)
    return store(id, day) { entry in
      entry.value = habit.measure.fullValue
      entry.isSkipped = false
      entry.mark = .none
    }
  }

  /// Clears the day's value, skip and mark: undoing leaves the day unmarked; a note stays.
  @discardableResult
  public mutating func uncomplete(_ id: HabitID, on day: Day, today: Day) throws(HabitError)
    -> Entry
  {
    _ = try checkable(id, on: day, today: today)
    return store(id, day) { entry in
      entry.value = .zero
      entry.isSkipped = false
      entry.mark = .none
    }
  }

  /// The card's one-tap button: toggles a done habit, adds one step to a count. A quantity needs
  /// an amount, so it is refused here.
  @discardableResult
  public mutating func tap(_ id: HabitID, on day: Day, today: Day) throws(HabitError) -> Entry {
    let habit = try checkable(id, on: day, today: today)
    switch habit.measure {
    case .done:
      let current = log(id)[day]
      let isMarked = current.map { !$0.isSkipped && $0.value > .zero } ?? false
      return isMarked
        ? try uncomplete(id, on: day, today: today) : try complete(id, on: day, today: today)
    case .count:
      return try addCount(id, on: day, today: today)
    case .quantity:
      throw .wrongMeasure
    }
  }

  /// Adds `times` steps to a count habit's day (negative to take taps back, never below zero).
  @discardableResult
  public mutating func addCount(_ id: HabitID, on day: Day, today: Day, times: Int = 1)
    throws(HabitError) -> Entry
  {
    let habit = try checkable(id, on: day, today: today)
    guard case .count(let step, _) = habit.measure else { throw .wrongMeasure }
    let current = log(id)[day]?.value ?? .zero
    let updated = current + Amount(step) * times
    guard updated <= Amount(HabitError.maximumAmount) else { throw .amountTooLarge }
    return store(id, day) { entry in
      entry.value = max(updated, .zero)
      entry.isSkipped = false
      entry.mark = .none
    }
  }

  /// Sets the day's total for a quantity or count habit ("8 glasses", "30 minutes").
  @discardableResult
  public mutating func logAmount(_ id: HabitID, on day: Day, today: Day, amount: Amount)
    throws(HabitError) -> Entry
  {
    let habit = try checkable(id, on: day, today: today)
    if case .done = habit.measure { throw .wrongMeasure }
    if let problem = habit.measure.amountProblem(amount) { throw problem }
    return store(id, day) { entry in
      entry.value = amount
      entry.isSkipped = false
      entry.mark = .none
    }
  }

  /// Why `day` cannot be skipped by a person, if it cannot: a skip keeps no value, so a day
  /// holding a check-in is taken back first, never wiped by a slip (every face asks this).
  public func skipProblem(_ id: HabitID, on day: Day) -> HabitError? {
    guard let entry = log(id)[day], entry.countedValue > .zero else { return nil }
    return .dayHoldsCheckIn
  }

  /// `skipProblem` in words that name the habit and the day, for the faces that are given a
  /// name or an id rather than a tapped card (the CLI, REST).
  public func skipRefusal(_ id: HabitID, on day: Day) -> String? {
    guard skipProblem(id, on: day) != nil, let habit = habits[id] else { return nil }
    return "\"" + habit.title + "\" has a check-in on " + DayFormat.long(day)
      + ": undo the check-in first to skip it."
  }

  /// Marks the day skipped (vacation, sick day) or takes the skip back; either way the
  /// person's choice replaces an imported mark.
  @discardableResult
  public mutating func skip(_ id: HabitID, on day: Day, today: Day, skipped: Bool = true)
    throws(HabitError) -> Entry
  {
    _ = try checkable(id, on: day, today: today)
    return store(id, day) { entry in
      entry.isSkipped = skipped
      entry.mark = .none
      if skipped { entry.value = .zero }
    }
  }

  /// Writes the day's note (empty removes it).
  @discardableResult
  public mutating func setNote(_ id: HabitID, on day: Day, today: Day, note: String)
    throws(HabitError) -> Entry
  {
    _ = try checkable(id, on: day, today: today)
    if let problem = TextField.note.problem(note) { throw problem }
    let clean = Text.trimmed(note)
    return store(id, day) { entry in entry.note = clean }
  }

  /// The habit, if `day` is one it can be marked on: in `DayRange`, not before the start, not
  /// after the goal's end.
  public func checkable(_ id: HabitID, on day: Day, today: Day) throws(HabitError) -> Habit {
    let habit = try require(id)
    if let problem = DayRange.entryProblem(day, today: today) { throw problem }
    if day < habit.startDay { throw .dayBeforeStart(start: habit.startDay) }
    if let end = habit.endDay, day >= end { throw .dayAfterGoal(end: end) }
    return habit
  }

  /// Changes the day's entry in place (no copy of the habit's history).
  mutating func store(_ id: HabitID, _ day: Day, _ change: (inout Entry) -> Void) -> Entry {
    var entry = logs[id]?[day] ?? Entry(day: day)
    change(&entry)
    logs[id, default: EntryLog()].set(entry)
    if logs[id]?.isEmpty == true { logs[id] = nil }
    return entry
  }
}
