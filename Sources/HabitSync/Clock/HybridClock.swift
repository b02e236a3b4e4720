/// The replica's clock. Stamps only move forward, even when the wall clock jumps back, and
/// observing a remote stamp moves past it so later local edits win over what was seen.
public struct HybridClock: Hashable, Sendable {
  public let device: String
  public private(set) var last: Stamp

  /// A remote stamp further ahead of our wall clock than this is refused: a device with a clock
  /// years off would otherwise win every conflict forever.
  public static let maximumDrift: Int64 = 24 * 60 * 60 * 1000

  public init(device: String, last: Stamp? = nil) {
    self.device = device
    self.last = last ?? Stamp(wall: 0, counter: 0, device: device)
  }

  /// A fresh stamp for a local event at wall time `wall` (milliseconds since 1970).
  public mutating func tick(wall: Int64) -> Stamp {
    let physical = min(max(wall, 0), Stamp.maximumWall)
    if physical > last.wall {
      last = Stamp(wall: physical, counter: 0, device: device)
    } else if last.counter < Stamp.maximumCounter {
      last = Stamp(wall: last.wall, counter: last.counter + 1, device: device)
    } else {
      last = Stamp(wall: last.wall + 1, counter: 0, device: device)
    }
    return last
  }

  /// The one clock-drift rule, for the replica, its clock and the server alike: refuses a stamp
  /// more than `maximumDrift` ahead of wall time `wall`.
  public static func checkDrift(_ stamp: Stamp, wall: Int64) throws(SyncError) {
    guard stamp.wall <= max(wall, 0) + maximumDrift else {
      throw .stampTooFarAhead(stamp.text)
    }
  }

  /// Moves past a stamp seen from another device; refuses one absurdly far in the future.
  public mutating func observe(_ remote: Stamp, wall: Int64) throws(SyncError) {
    try Self.checkDrift(remote, wall: wall)
    if remote.wall > last.wall || (remote.wall == last.wall && remote.counter > last.counter) {
      last = Stamp(wall: remote.wall, counter: remote.counter, device: device)
    }
  }
}
