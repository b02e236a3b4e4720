import HabitCore
public import HabitSync

/// The replica as the browser stores it in IndexedDB: one `meta` record (device, cursor, clock,
/// change counter), one record per field state and one per outbox entry, in the wire format's
/// change form. The shell reads them back into one object of this shape.
public enum Snapshot {
  /// The small record written with every save.
  public static func meta(_ replica: Replica) -> JSON {
    .object([
      ("device", .string(replica.device)),
      ("cursor", .integer(replica.cursor)),
      ("clock", .string(replica.clock.last.text)),
      ("next", .integer(replica.nextChangeNumber)),
    ])
  }

  /// The stored replica, or a new one for `device` when there is none.
  public static func replica(device: String, _ json: JSON?) throws(WireError) -> Replica {
    guard let json, json != .null else { return Replica(device: device) }
    var reader = try JSONObjectReader(json, path: "snapshot")
    let stored = try reader.string("device")
    let cursor = try reader.integer("cursor")
    let clock = Stamp(text: try reader.string("clock"))
    let next = Int(clamping: try reader.integer("next"))
    let fields = try WireCodec.changes(try reader.array("fields"), path: "snapshot.fields")
    // The shell hands the outbox back oldest first (by stamp).
    let outbox = try WireCodec.changes(try reader.array("outbox"), path: "snapshot.outbox")
    try reader.finish()
    return Replica(
      device: stored, fields: fields, outbox: outbox, cursor: cursor, clock: clock,
      nextChangeNumber: next)
  }
}
