import HabitCore
public import HabitSync

/// The replica as the browser stores it in IndexedDB: one `meta` record (device, cursor, clock,
/// change counter, last sync), a `base` (every field state and the outbox as JSON text, written
/// when a save would touch many records: an import), and one record per field state and outbox
/// entry written since, in the wire format's change form. The shell reads them back into one
/// object of this shape: the base's field states, then those written since (newer, so they win);
/// the base's outbox as `outbox` and the entries written since as `queued`; `dropped` names
/// outbox entries acknowledged since the base.
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

  /// Whether `count` records are many beside what the replica holds (at least
  /// `UnsavedChanges.baseThreshold`, and a quarter of its field states): then the whole replica
  /// is written as one text rather than record by record.
  public static func isLarge(_ count: Int, beside replica: Replica) -> Bool {
    guard count >= UnsavedChanges.baseThreshold else { return false }
    var stored = 0
    for fields in replica.records.values { stored += fields.count }
    return count * 4 >= stored
  }

  /// The whole replica as three lines: its `meta`, its field states and its outbox — the shape
  /// a base is stored in, and how the first-load module hands its replica to the whole app.
  public static func lines(_ replica: Replica, lastSynced: Int64? = nil) -> String {
    var output = Array(JSONWriter.write(meta(replica, lastSynced: lastSynced)).utf8)
    output.append(UInt8(ascii: "\n"))
    appendStored(replica, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// The field states and the outbox as two lines. An outbox entry that is still its field's
  /// state is written once, among the field states, marked as queued (`"q":true`), in outbox
  /// order; the outbox line holds the rest. An import's hundred thousand changes are then
  /// written, stored and read once, not twice.
  static func appendStored(_ replica: Replica, to output: inout [UInt8]) {
    var states = 0
    for fields in replica.records.values { states += fields.count }
    output.reserveCapacity(output.count + states * 170 + 2)
    output.append(UInt8(ascii: "["))
    var first = true
    var marked = MarkedChanges(replica)
    var overtaken: [Change] = []
    for change in replica.outbox {
      guard replica.records[change.field.record]?[change.field.field]?.changeID == change.id else {
        overtaken.append(change)
        continue
      }
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      ChangeText.append(change, queued: true, to: &output)
      marked.insert(change.id)
    }
    for (record, fields) in replica.records {
      for (name, state) in fields where !marked.contains(state.changeID) {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        ChangeText.append(
          id: state.changeID, field: FieldKey(record.entity, record.key, name),
          value: state.value, stamp: state.stamp, queued: false, to: &output)
      }
    }
    output.append(contentsOf: "]\n".utf8)
    ChangeText.appendArray(overtaken, to: &output)
  }

  /// When the stored replica last synced, if it ever did.
  public static func lastSynced(_ json: JSON?) -> Int64? {
    guard case .object(let members) = json else { return nil }
    for (name, value) in members where name == "synced" {
      return try? JSONObjectReader.integer(value, path: "snapshot.synced")
    }
    return nil
  }

  /// The stored replica, or a new one for `device` when there is none. Its field states and
  /// outbox are the snapshot's members, or `lines` of the message that brought it (read
  /// without a JSON tree).
  public static func replica(device: String, _ json: JSON?, lines: MessageText? = nil)
    throws(WireError) -> Replica
  {
    guard let json, json != .null else { return Replica(device: device) }
    var reader = try JSONObjectReader(json, path: "snapshot")
    let owner = try reader.string("device")
    let cursor = try reader.integer("cursor")
    let clock = Stamp(text: try reader.string("clock"))
    let next = Int(clamping: try reader.integer("next"))
    _ = reader.optional("synced")
    // Field states may repeat a key: the stored base first, then the records written since,
    // which are newer and win.
    let lines = lines ?? MessageText.none
    let (fields, marked) = try lines.storedChanges("fields", or: &reader, path: "snapshot.fields")
    // The outbox: the field states marked as queued, in their order, then the entries written
    // out (those a newer change to their field has overtaken).
    var stored: [Change] = []
    stored.reserveCapacity(marked.count)
    for index in marked { stored.append(fields[index]) }
    stored += try lines.changes("outbox", or: &reader, path: "snapshot.outbox")
    var queued: [Change] = []
    if let json = reader.optional("queued") {
      guard case .array(let items) = json else {
        throw .wrongType(path: "snapshot.queued", expected: "an array", found: json.kindName)
      }
      queued = try WireCodec.changes(items, path: "snapshot.queued")
    }
    var dropped: [FieldKey] = []
    if let keys = reader.optional("dropped") {
      guard case .array(let items) = keys else {
        throw .wrongType(path: "snapshot.dropped", expected: "an array", found: keys.kindName)
      }
      for item in items { dropped.append(try fieldKey(item, path: "snapshot.dropped")) }
    }
    try reader.finish()
    // Stored by this device from its own replica: its field states are set as they are, and
    // each habit's log is built whole.
    return Replica(
      device: owner, fields: fields, outbox: outbox(stored, queued: queued, without: dropped),
      cursor: cursor, clock: clock, nextChangeNumber: next)
  }

  /// The stored outbox as the replica keeps it: the base's entries (one per field already, in
  /// the order they were queued) less those a newer record replaces or a `dropped` key names, then
  /// the records written since, oldest first. A reload right after an import has a hundred
  /// thousand entries and no records: they are taken as they are.
  private static func outbox(_ base: [Change], queued: [Change], without dropped: [FieldKey])
    -> [Change]
  {
    guard !queued.isEmpty || !dropped.isEmpty else { return base }
    // A record and a drop mark share their key in the store, so a field is never in both.
    var replaced = Set(dropped)
    for change in queued { replaced.insert(change.field) }
    return base.filter { !replaced.contains($0.field) } + queued.ordered { $0.stamp < $1.stamp }
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
