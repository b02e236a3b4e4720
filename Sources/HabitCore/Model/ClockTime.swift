/// A time on the clock (hours and minutes) for reminders.
public struct ClockTime: Hashable, Comparable, Sendable {
  public let minutesSinceMidnight: Int

  /// Returns nil outside 00:00…23:59.
  public init?(hour: Int, minute: Int) {
    guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
    minutesSinceMidnight = hour * 60 + minute
  }

  /// Parses "HH:mm".
  public init?(text: String) {
    let parts = text.split(separator: ":")
    guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
      let hour = Int(parts[0]), let minute = Int(parts[1])
    else { return nil }
    self.init(hour: hour, minute: minute)
  }

  public var hour: Int { minutesSinceMidnight / 60 }
  public var minute: Int { minutesSinceMidnight % 60 }

  /// "07:30".
  public var text: String {
    Day.padded(hour, width: 2) + ":" + Day.padded(minute, width: 2)
  }

  public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool {
    lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
  }
}
