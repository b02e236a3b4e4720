import Foundation
import HabitCore
import HabitServer

/// The one clock every device and the server read: UTC milliseconds that only the simulation
/// moves, and the account's local day in a time zone that changes to summer time during the run.
final class SimClock: @unchecked Sendable {
  /// 2026-03-26 20:00 UTC: three days before Central Europe moves its clocks forward.
  static let start: Int64 = 1_774_555_200_000
  /// 2026-03-29 01:00 UTC, when 02:00 local becomes 03:00.
  static let summerTime: Int64 = 1_774_746_000_000

  private let lock = NSLock()
  private var millis: Int64 = SimClock.start

  var wall: Int64 { lock.withLock { millis } }

  /// The server's clock: the same simulated time.
  var server: WallClock { WallClock { [self] in wall } }

  /// The offset from UTC in the account's zone (Europe/Berlin's rule for this spring).
  var offsetMillis: Int64 { wall >= Self.summerTime ? 7_200_000 : 3_600_000 }

  /// The person's day: what every face calls today.
  var today: Day { Day(daysSince1970: Int((wall + offsetMillis) / 86_400_000)) }

  /// Local time as `yyyy-MM-dd hh:mm`, for traces.
  var text: String {
    let minutes = (wall + offsetMillis) % 86_400_000 / 60_000
    let hour = minutes / 60
    let minute = minutes % 60
    return today.iso + " " + (hour < 10 ? "0" : "") + String(hour) + ":"
      + (minute < 10 ? "0" : "") + String(minute)
  }

  func advance(minutes: Int) { advance(milliseconds: Int64(minutes) * 60_000) }

  func advance(milliseconds: Int64) { lock.withLock { millis += milliseconds } }

  /// A millisecond passes per step, so no two intents share a stamp's wall time.
  func tick() { lock.withLock { millis += 1 } }
}
