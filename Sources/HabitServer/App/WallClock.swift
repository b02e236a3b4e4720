import Foundation
public import HabitCore

/// The time, passed in so tests can pin it: milliseconds since 1970 and the UTC date.
public struct WallClock: Sendable {
  public let now: @Sendable () -> Int64

  public init(now: @escaping @Sendable () -> Int64) {
    self.now = now
  }

  public static let system = WallClock { Int64(Date().timeIntervalSince1970 * 1000) }

  /// The UTC calendar day of `now`.
  public var today: Day {
    let milliseconds = now()
    let days =
      milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
    return Day(daysSince1970: Int(days))
  }
}
