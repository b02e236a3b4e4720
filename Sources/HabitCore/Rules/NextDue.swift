extension Habit {
  /// The first day on or after `day` that the habit's schedule asks for within its life (from
  /// the start, before the goal's end), or nil when there is none: so a face can say when a habit
  /// that a day does not list comes up next. Archiving is not considered.
  public func nextDue(onOrAfter day: Day) -> Day? {
    let from = max(day, startDay)
    var due: Day?
    switch effectiveSchedule {
    case .everyDay, .timesPerWeek, .timesPerMonth, .timesInDays:
      due = from
    case .weekdays(let set):
      for offset in 0..<7 where due == nil && set.contains(from.advanced(by: offset).weekday) {
        due = from.advanced(by: offset)
      }
    case .everyNDays(let interval):
      guard interval > 0 else { return nil }
      let late = startDay.distance(to: from) % interval
      due = from.advanced(by: late == 0 ? 0 : interval - late)
    }
    guard let due else { return nil }
    if let end = endDay, due >= end { return nil }
    return due
  }
}
