extension Entry {
  /// The entry as the rules store it: the note trimmed, a skip holding no value, and a value or a
  /// skip replacing a mark (the person's own check-in wins over another tracker's mark).
  public var normalized: Entry {
    var copy = self
    copy.note = Text.trimmed(note)
    if isSkipped { copy.value = .zero }
    if isSkipped || value != .zero { copy.mark = .none }
    return copy
  }
}

extension Tracker {
  /// Writes one day exactly as another tracker recorded it (value, note, skip and mark at once),
  /// under the same rules as a check-in: the day must be one the habit can be marked on, the
  /// note short enough and the value one the habit's measure holds.
  @discardableResult
  public mutating func setEntry(_ entry: Entry, for id: HabitID, today: Day) throws(HabitError)
    -> Entry
  {
    let habit = try checkable(id, on: entry.day, today: today)
    if let problem = TextField.note.problem(entry.note) { throw problem }
    let stored = entry.normalized
    if let problem = habit.measure.valueProblem(stored.value) { throw problem }
    return store(id, entry.day) { $0 = stored }
  }
}

extension Measure {
  /// The rule for a day's stored value under this measure: a done habit holds 0 or 1, a count a
  /// whole number, a quantity any amount in range.
  public func valueProblem(_ value: Amount) -> HabitError? {
    if case .done = self { return value == .zero || value == .one ? nil : .wrongMeasure }
    return amountProblem(value)
  }
}
