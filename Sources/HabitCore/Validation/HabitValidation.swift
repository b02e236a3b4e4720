extension Habit {
  /// Every problem with the habit's fields, in form order, so a form can show them all at once.
  /// An empty list means the habit can be saved into `tracker`. With `today`, the start date is
  /// checked against its range too (every face that saves passes it).
  public func problems(in tracker: Tracker, today: Day? = nil) -> [HabitError] {
    var found: [HabitError] = []
    if let problem = TextField.title.problem(required: title) { found.append(problem) }
    if let problem = TextField.description.problem(description) { found.append(problem) }
    if category.rawValue.isEmpty {
      found.append(.missingCategory)
    } else if tracker.category(category) == nil {
      found.append(.unknownCategory)
    }
    if kind == .habit, let problem = schedule.problem { found.append(problem) }
    if let problem = measure.problem { found.append(problem) }
    if let today, let problem = DayRange.startProblem(startDay, today: today) {
      found.append(problem)
    }
    if let problem = goal.problem { found.append(problem) }
    if let problem = TextField.emoji.problem(emoji) { found.append(problem) }
    if let problem = reminders.problem { found.append(problem) }
    if let place = reminders.place, tracker.places[place.place] == nil {
      found.append(.reminderPlaceUnknown)
    }
    return found
  }

  /// Throws the first problem, for callers that save without a form.
  public func validate(in tracker: Tracker, today: Day? = nil) throws(HabitError) {
    if let first = problems(in: tracker, today: today).first { throw first }
  }

  /// The habit as it is stored: title and text fields trimmed.
  public var normalized: Habit {
    var copy = self
    copy.title = Text.trimmed(title)
    copy.description = Text.trimmed(description)
    copy.emoji = Text.trimmed(emoji)
    if case .quantity(let target, let unit) = measure {
      copy.measure = .quantity(target: target, unit: Text.trimmed(unit))
    }
    return copy
  }
}
