import Foundation
import HabitCore

/// An instant as a person's clock shows it in their time zone: the day and the minute of the day.
/// Foundation's time zone data decides the offset at that instant, so DST changes fall right.
struct LocalTime: Hashable, Sendable {
  let day: Day
  let minute: Int

  init(_ milliseconds: Int64, in zone: TimeZone) {
    let seconds = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    let local = milliseconds + Int64(seconds) * 1000
    let days = local >= 0 ? local / 86_400_000 : (local - 86_399_999) / 86_400_000
    day = Day(daysSince1970: Int(days))
    minute = Int((local - days * 86_400_000) / 60_000)
  }

  /// The reminder minutes that begin after `start` and by `end`: one stretch per local day it
  /// touches (a minute the clock shows twice when DST ends is claimed only once by its key).
  static func stretches(after start: Int64, through end: Int64, in zone: TimeZone)
    -> [(day: Day, after: Int, through: Int)]
  {
    let from = LocalTime(start, in: zone)
    let to = LocalTime(end, in: zone)
    guard from.day < to.day else {
      return to.minute > from.minute ? [(to.day, from.minute, to.minute)] : []
    }
    var result = [(from.day, from.minute, 24 * 60 - 1)]
    var day = from.day.advanced(by: 1)
    while day < to.day {
      result.append((day, -1, 24 * 60 - 1))
      day = day.advanced(by: 1)
    }
    result.append((to.day, -1, to.minute))
    return result
  }
}
