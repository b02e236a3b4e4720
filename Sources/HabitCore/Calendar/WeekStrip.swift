/// The seven days of the week strip on the main screen: the week holding the selected day, in the
/// order the person's first weekday gives.
public struct WeekStrip: Hashable, Sendable {
  public let days: [Day]
  public let firstWeekday: Weekday

  public init(around day: Day, firstWeekday: Weekday = .monday) {
    let start = day.advanced(by: -day.weekday.offset(from: firstWeekday))
    self.firstWeekday = firstWeekday
    days = (0..<7).map { start.advanced(by: $0) }
  }

  public var first: Day { days[0] }
  public var last: Day { days[6] }

  public func contains(_ day: Day) -> Bool {
    first <= day && day <= last
  }

  /// The week before, for the strip's back arrow or swipe.
  public var previous: WeekStrip {
    WeekStrip(around: first.advanced(by: -7), firstWeekday: firstWeekday)
  }

  /// The week after, for the strip's forward arrow or swipe.
  public var next: WeekStrip {
    WeekStrip(around: first.advanced(by: 7), firstWeekday: firstWeekday)
  }
}
