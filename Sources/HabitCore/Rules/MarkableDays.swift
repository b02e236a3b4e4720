extension Habit {
  /// The days this habit can hold a check-in when the person's date is `today`: from its start
  /// (never before `DayRange.earliest`) through today or its goal's last day; nil before it starts.
  public func markableDays(today: Day) -> ClosedRange<Day>? {
    let lower = max(startDay, DayRange.earliest)
    var upper = today
    if let end = endDay { upper = min(upper, end.advanced(by: -1)) }
    return lower <= upper ? lower...upper : nil
  }
}
