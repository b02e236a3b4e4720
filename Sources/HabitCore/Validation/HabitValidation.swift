extension Habit {
  /// Every problem with the habit's fields, in form order, so a form can show them all at once.
  /// An empty list means the habit can be saved into `tracker`.
  public func problems(in tracker: Tracker) -> [HabitError] {
    var found: [HabitError] = []
    let name = Text.trimmed(title)
    let nameLength = Text.length(name)
    if nameLength == 0 { found.append(.emptyTitle) }
    if nameLength > HabitError.maximumTitleLength {
      found.append(.titleTooLong(length: nameLength))
    }
    let aboutLength = Text.length(description)
    if aboutLength > HabitError.maximumDescriptionLength {
      found.append(.descriptionTooLong(length: aboutLength))
    }
    if category.rawValue.isEmpty {
      found.append(.missingCategory)
    } else if tracker.category(category) == nil {
      found.append(.unknownCategory)
    }
    if kind == .habit, let problem = schedule.problem { found.append(problem) }
    if let problem = measureProblem { found.append(problem) }
    if let length = goal.length {
      if length < 1 { found.append(.goalNotPositive) }
      if length > HabitError.maximumGoalLength { found.append(.goalTooLong) }
    }
    if Text.length(emoji) > 1 { found.append(.emojiNotSingle) }
    if !reminders.times.isEmpty && reminders.weekdays.count == 0 {
      found.append(.reminderWithoutWeekdays)
    }
    if let place = reminders.place, tracker.places[place.place] == nil {
      found.append(.reminderPlaceUnknown)
    }
    return found
  }

  /// Throws the first problem, for callers that save without a form.
  public func validate(in tracker: Tracker) throws(HabitError) {
    if let first = problems(in: tracker).first { throw first }
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

  private var measureProblem: HabitError? {
    switch measure {
    case .done:
      return nil
    case .count(let step, let target):
      if step < 1 { return .countStepNotPositive }
      let lowest = direction == .build ? 1 : 0
      if target < lowest || target > HabitError.maximumAmount { return .countTargetOutOfRange }
      return nil
    case .quantity(let target, let unit):
      if target <= .zero { return .quantityTargetNotPositive }
      if target > Amount(HabitError.maximumAmount) { return .amountTooLarge }
      let unitLength = Text.length(Text.trimmed(unit))
      if unitLength == 0 { return .missingUnit }
      if unitLength > HabitError.maximumUnitLength { return .unitTooLong }
      return nil
    }
  }
}

extension Schedule {
  /// What is wrong with the schedule's numbers, if anything.
  public var problem: HabitError? {
    switch self {
    case .everyDay:
      return nil
    case .weekdays(let set):
      return set.count == 0 ? .noWeekdays : nil
    case .everyNDays(let interval):
      return (1...HabitError.maximumInterval).contains(interval)
        ? nil : .intervalOutOfRange(interval)
    case .timesPerWeek(let times):
      return (1...7).contains(times) ? nil : .timesPerWeekOutOfRange(times)
    case .timesPerMonth(let times):
      return (1...31).contains(times) ? nil : .timesPerMonthOutOfRange(times)
    }
  }
}
