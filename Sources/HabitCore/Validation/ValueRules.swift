/// The rule for each compound field, on its own: REST, sync and the form all ask these, so a
/// value refused by one is refused by all with the same error.
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
    case .timesInDays(let times, let days):
      let fits = (2...HabitError.maximumInterval).contains(days) && (1...days).contains(times)
      return fits ? nil : .timesInDaysOutOfRange(times, days: days)
    }
  }
}

extension Measure {
  /// What is wrong with the measure, if anything. A count's step and target are whole numbers
  /// of at least 1 (for a habit to quit too: the rule cannot depend on another field, because
  /// sync merges each field on its own).
  public var problem: HabitError? {
    switch self {
    case .done:
      return nil
    case .count(let step, let target):
      if step < 1 { return .countStepNotPositive }
      if step > HabitError.maximumAmount { return .amountTooLarge }
      return (1...HabitError.maximumAmount).contains(target) ? nil : .countTargetOutOfRange
    case .quantity(let target, let unit):
      if target <= .zero { return .quantityTargetNotPositive }
      if target > Amount(HabitError.maximumAmount) { return .amountTooLarge }
      return TextField.unit.problem(required: unit)
    }
  }

  /// The rule for a day's value under this measure: a count is a whole number.
  public func amountProblem(_ amount: Amount) -> HabitError? {
    amount.problem(whole: kind == .count)
  }
}

extension Amount {
  /// The rule for a day's value: 0 or more, at most `HabitError.maximumAmount`, and whole when
  /// it counts taps.
  public func problem(whole: Bool) -> HabitError? {
    if self < .zero { return .amountNegative }
    if self > Amount(HabitError.maximumAmount) { return .amountTooLarge }
    return whole && !isWhole ? .countNotWhole : nil
  }
}

extension Goal {
  /// What is wrong with the goal's length, if anything.
  public var problem: HabitError? {
    guard let length else { return nil }
    if length < 1 { return .goalNotPositive }
    return length > HabitError.maximumGoalLength ? .goalTooLong : nil
  }
}

extension Reminders {
  /// What is wrong with the reminders on their own (whether their place exists is the tracker's
  /// question).
  public var problem: HabitError? {
    if times.count > Self.maximumTimes { return .tooManyReminderTimes }
    return !times.isEmpty && weekdays.count == 0 ? .reminderWithoutWeekdays : nil
  }
}

extension Place {
  /// What is wrong with the place, if anything.
  public var problem: HabitError? {
    TextField.placeName.problem(required: name) ?? TextField.placeAddress.problem(address)
      ?? Self.latitudeProblem(latitudeMicro)
      ?? Self.longitudeProblem(longitudeMicro) ?? Self.radiusProblem(radiusMeters)
  }

  /// The rule for a latitude, in millionths of a degree.
  public static func latitudeProblem(_ micro: Int) -> HabitError? {
    (-90_000_000...90_000_000).contains(micro) ? nil : .coordinatesOutOfRange
  }

  /// The rule for a longitude, in millionths of a degree.
  public static func longitudeProblem(_ micro: Int) -> HabitError? {
    (-180_000_000...180_000_000).contains(micro) ? nil : .coordinatesOutOfRange
  }

  /// The rule for a place's radius.
  public static func radiusProblem(_ meters: Int) -> HabitError? {
    (1...maximumRadius).contains(meters) ? nil : .radiusOutOfRange
  }
}
