/// When and where to nudge the person: times on chosen weekdays, and optionally on arriving at or
/// leaving a saved place.
public struct Reminders: Hashable, Sendable {
  public var times: [ClockTime]
  public var weekdays: WeekdaySet
  public var place: PlaceReminder?

  public init(
    times: [ClockTime] = [], weekdays: WeekdaySet = .everyDay, place: PlaceReminder? = nil
  ) {
    self.times = times
    self.weekdays = weekdays
    self.place = place
  }

  public static let none = Reminders()
  /// The most reminder times a habit may have.
  public static let maximumTimes = 10

  public var isEmpty: Bool { times.isEmpty && place == nil }
}

/// A reminder that fires when the person arrives at or leaves a place.
public struct PlaceReminder: Hashable, Sendable {
  public enum Trigger: String, CaseIterable, Hashable, Sendable {
    case arrive
    case leave
  }

  public var place: PlaceID
  public var trigger: Trigger

  public init(place: PlaceID, trigger: Trigger) {
    self.place = place
    self.trigger = trigger
  }
}
