import HabitCore
public import HabitSync

/// The replica as the browser stores it in IndexedDB: one `meta` record (device, cursor, clock,
/// change counter, last sync), one record per field state and one per outbox entry, in the wire
/// format's change form. The shell reads them back into one object of this shape.
public enum Snapshot {
  /// The small record written with every save; the last sync's time rides along so "Last
  /// synced" survives a reload while offline.
  public static func meta(_ replica: Replica, lastSynced: Int64? = nil) -> JSON {
    var members: [(String, JSON)] = [
      ("device", .string(replica.device)),
      ("cursor", .integer(replica.cursor)),
      ("clock", .string(replica.clock.last.text)),
      ("next", .integer(replica.nextChangeNumber)),
    ]
    if let lastSynced { members.append(("synced", .integer(lastSynced))) }
    return .object(members)
  }

  /// The whole replica in the stored shape, as `replica(device:_:)` reads it back: what the
  /// web app's importer works on, taken the moment an import runs.
  public static func whole(_ replica: Replica) -> JSON {
    guard case .object(var members) = meta(replica) else { return .null }
    members.append(("fields", .array(replica.fieldChanges.map { WireCodec.json($0) })))
    members.append(("outbox", .array(replica.outbox.map { WireCodec.json($0) })))
    return .object(members)
  }

  /// When the stored replica last synced, if it ever did.
  public static func lastSynced(_ json: JSON?) -> Int64? {
    guard case .object(let members) = json else { return nil }
    for (name, value) in members where name == "synced" {
      return try? JSONObjectReader.integer(value, path: "snapshot.synced")
    }
    return nil
  }

  /// The stored replica, or a new one for `device` when there is none.
  public static func replica(device: String, _ json: JSON?) throws(WireError) -> Replica {
    guard let json, json != .null else { return Replica(device: device) }
    var reader = try JSONObjectReader(json, path: "snapshot")
    let stored = try reader.string("device")
    let cursor = try reader.integer("cursor")
    let clock = Stamp(text: try reader.string("clock"))
    let next = Int(clamping: try reader.integer("next"))
    _ = reader.optional("synced")
    let fields = try WireCodec.changes(try reader.array("fields"), path: "snapshot.fields")
    // The shell hands the outbox back oldest first (by stamp).
    let outbox = try WireCodec.changes(try reader.array("outbox"), path: "snapshot.outbox")
    try reader.finish()
    return Replica(
      device: stored, fields: fields, outbox: outbox, cursor: cursor, clock: clock,
      nextChangeNumber: next)
  }
}
