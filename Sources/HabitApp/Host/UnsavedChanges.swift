public import HabitSync

/// What changed since the shell last wrote to IndexedDB, so a tap writes the few field states and
/// outbox entries it touched instead of the whole replica.
public struct UnsavedChanges: Sendable {
  /// Fields whose merged state may differ from storage.
  private var fields: [FieldKey] = []
  /// Outbox entries in the order they were queued or acknowledged. A queued change is written
  /// as it is; an acknowledged one is looked up at saving time (a newer change for its field may
  /// have replaced it), so a burst of changes costs no search.
  private var outbox: [(change: Change, acknowledged: Bool)] = []
  /// The shell's last write failed: it keeps retrying, and the page says so.
  public var failing = false

  public init() {}

  public var isEmpty: Bool { fields.isEmpty && outbox.isEmpty }

  /// Notes changes that were merged (and, for local ones, queued for the server).
  mutating func note(_ changes: [Change], inOutbox: Bool) {
    for change in changes {
      fields.append(change.field)
      if inOutbox { outbox.append((change, false)) }
    }
  }

  /// Notes outbox entries the server took, so storage drops them too.
  mutating func noteAcknowledged(_ changes: [Change]) {
    for change in changes { outbox.append((change, true)) }
  }

  /// The writes that bring storage in line with `replica`, as the shell applies them: `meta`
  /// (cursor, clock, counter), field states and outbox entries to put (in the wire's change
  /// form, keyed by entity, key and field), and outbox keys to delete. Forgets what it returns.
  mutating func take(from replica: Replica, lastSynced: Int64? = nil) -> JSON {
    var puts: [JSON] = []
    for key in fields {
      if let state = replica.records[key.record]?[key.field] {
        puts.append(
          WireCodec.json(
            Change(id: state.changeID, field: key, value: state.value, stamp: state.stamp)))
      }
    }
    var queued: [JSON] = []
    var dropped: [JSON] = []
    for (change, acknowledged) in outbox {
      let key = change.field
      if !acknowledged {
        queued.append(WireCodec.json(change))
      } else if let newer = replica.outbox.last(where: { $0.field == key }) {
        queued.append(WireCodec.json(newer))
      } else {
        dropped.append(
          .array([
            .string(key.record.entity.rawValue), .string(key.record.key), .string(key.field),
          ]))
      }
    }
    fields = []
    outbox = []
    return .object([
      ("meta", Snapshot.meta(replica, lastSynced: lastSynced)), ("fields", .array(puts)),
      ("outbox", .array(queued)),
      ("drop", .array(dropped)),
    ])
  }
}
