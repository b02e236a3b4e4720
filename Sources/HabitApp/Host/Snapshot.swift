import HabitCore
public import HabitSync

/// The replica as the browser stores it in IndexedDB: one `meta` record (device, cursor, clock,
/// change counter, last sync), a `base` (every field state and the outbox as JSON text, written
/// when a save would touch many records: an import), and one record per field state and outbox
/// entry written since, in the wire format's change form. The shell reads them back into one
/// object of this shape, the base's changes first; `dropped` names outbox entries acknowledged
/// since the base.
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
  public static func whole(_ replica: Replica) -> String {
    var output = Array(JSONWriter.write(meta(replica)).utf8.dropLast())
    output.append(contentsOf: #","fields":"#.utf8)
    appendFields(of: replica, to: &output)
    output.append(contentsOf: #","outbox":"#.utf8)
    ChangeText.appendArray(replica.outbox, to: &output)
    output.append(UInt8(ascii: "}"))
    return String(decoding: output, as: UTF8.self)
  }

  /// Every field state as `[change,…]`, in no particular order (loading takes them in any).
  public static func fieldsText(of replica: Replica) -> String {
    var output: [UInt8] = []
    appendFields(of: replica, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private static func appendFields(of replica: Replica, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "["))
    var first = true
    for (record, fields) in replica.records {
      for (name, state) in fields {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        ChangeText.append(
          Change(
            id: state.changeID, field: FieldKey(record.entity, record.key, name),
            value: state.value, stamp: state.stamp), to: &output)
      }
    }
    output.append(UInt8(ascii: "]"))
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
    let owner = try reader.string("device")
    let cursor = try reader.integer("cursor")
    let clock = Stamp(text: try reader.string("clock"))
    let next = Int(clamping: try reader.integer("next"))
    _ = reader.optional("synced")
    // Field states may repeat a key: the stored base first, then the records written since,
    // which are newer and win.
    let fields = try WireCodec.changes(try reader.array("fields"), path: "snapshot.fields")
    let stored = try WireCodec.changes(try reader.array("outbox"), path: "snapshot.outbox")
    var dropped: [FieldKey] = []
    if let keys = reader.optional("dropped") {
      guard case .array(let items) = keys else {
        throw .wrongType(path: "snapshot.dropped", expected: "an array", found: keys.kindName)
      }
      for item in items { dropped.append(try fieldKey(item, path: "snapshot.dropped")) }
    }
    try reader.finish()
    return Replica(
      device: owner, fields: fields, outbox: outbox(stored, without: dropped), cursor: cursor,
      clock: clock,
      nextChangeNumber: next)
  }

  /// The stored outbox as the replica keeps it: one entry per field (the last given: the base's
  /// are followed by the newer records), none that a `dropped` key names, oldest first. By
  /// sorting rather than hashing: each new hash table type costs the web module kilobytes.
  private static func outbox(_ stored: [Change], without dropped: [FieldKey]) -> [Change] {
    // By field, and in the given order within a field (the sort is stable).
    let order = Array(stored.indices).ordered { stored[$0].field < stored[$1].field }
    let gone = dropped.ordered()
    var next = 0
    var kept: [Change] = []
    for (position, index) in order.enumerated() {
      let field = stored[index].field
      if position + 1 < order.count, stored[order[position + 1]].field == field { continue }
      while next < gone.count, gone[next] < field { next += 1 }
      if next < gone.count, gone[next] == field { continue }
      kept.append(stored[index])
    }
    return kept.ordered { $0.stamp < $1.stamp }
  }

  private static func fieldKey(_ json: JSON, path: String) throws(WireError) -> FieldKey {
    guard case .array(let parts) = json, parts.count == 3,
      case .string(let name) = parts[0], let entity = Entity(rawValue: name),
      case .string(let key) = parts[1], case .string(let field) = parts[2]
    else {
      throw .invalidValue(path: path, reason: "a key is [entity, key, field]")
    }
    return FieldKey(entity, key, field)
  }
}
