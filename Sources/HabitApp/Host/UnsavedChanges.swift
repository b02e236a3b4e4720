import HabitSync

/// What changed since the shell last wrote to IndexedDB, so a tap writes the few field states and
/// outbox entries it touched instead of the whole replica.
public struct UnsavedChanges: Sendable {
  /// Fields whose merged state may differ from storage.
  private var fields: [FieldKey] = []
  /// Outbox entries in the order they were queued or acknowledged. A queued change is written
  /// as it is; an acknowledged one is looked up at saving time (a newer change for its field may
  /// have replaced it), so a burst of changes costs no search.
  private var outbox: [(change: Change, acknowledged: Bool)] = []
  /// The next save writes the whole replica as the base (an import changed most of it).
  private var whole = false
  /// The shell's last write failed: it keeps retrying, and the page says so.
  public var failing = false

  public init() {}

  public var isEmpty: Bool { fields.isEmpty && outbox.isEmpty && !whole }

  /// Notes changes that were merged (and, for local ones, queued for the server).
  mutating func note(_ changes: [Change], inOutbox: Bool) {
    for change in changes {
      fields.append(change.field)
      if inOutbox { outbox.append((change, false)) }
    }
  }

  /// Makes the next save the whole replica, as a new base: cheaper than noting each change
  /// when a change (an import) touched most of it.
  mutating func rewriteWhole() {
    fields = []
    outbox = []
    whole = true
  }

  /// Notes outbox entries the server took, so storage drops them too.
  mutating func noteAcknowledged(_ changes: [Change]) {
    for change in changes { outbox.append((change, true)) }
  }

  /// A save that touches at least this many records, and a quarter of the replica's field
  /// states, rewrites the whole replica as one `base` record instead: IndexedDB takes one large
  /// record in milliseconds and a hundred thousand small ones in seconds.
  static let baseThreshold = 1_000

  /// The writes that bring storage in line with `replica`, as the shell applies them, in JSON
  /// text: `meta` (cursor, clock, counter), field states and outbox entries to put (in the
  /// wire's change form, keyed by entity, key and field), and outbox keys to drop. A large save
  /// is `{"meta":…,"base":true}` instead, with the field states and the outbox on the next two
  /// lines (`Snapshot.appendStored`). Forgets what it returns.
  mutating func take(from replica: Replica, lastSynced: Int64? = nil) -> String {
    defer {
      fields = []
      outbox = []
      whole = false
    }
    var output = Array(#"{"meta":"#.utf8)
    output.append(contentsOf: JSONWriter.write(Snapshot.meta(replica, lastSynced: lastSynced)).utf8)
    if rewritesWhole(replica) {
      output.append(contentsOf: ",\"base\":true}\n".utf8)
      Snapshot.appendStored(replica, to: &output)
      return String(decoding: output, as: UTF8.self)
    }
    var puts: [Change] = []
    for key in fields {
      if let state = replica.records[key.record]?[key.field] {
        puts.append(Change(id: state.changeID, field: key, value: state.value, stamp: state.stamp))
      }
    }
    // Entries still queued for the acknowledged ones' records: a newer change for the same
    // field is searched among these few, not the whole outbox.
    var acknowledgedRecords = Set<RecordKey>()
    for (change, acknowledged) in outbox where acknowledged {
      acknowledgedRecords.insert(change.field.record)
    }
    let candidates =
      acknowledgedRecords.isEmpty
      ? [] : replica.outbox.filter { acknowledgedRecords.contains($0.field.record) }
    var queued: [Change] = []
    var dropped: [JSON] = []
    for (change, acknowledged) in outbox {
      let key = change.field
      if !acknowledged {
        queued.append(change)
      } else if let newer = candidates.last(where: { $0.field == key }) {
        queued.append(newer)
      } else {
        dropped.append(
          .array([
            .string(key.record.entity.rawValue), .string(key.record.key), .string(key.field),
          ]))
      }
    }
    output.append(contentsOf: #","fields":"#.utf8)
    ChangeText.appendArray(puts, to: &output)
    output.append(contentsOf: #","outbox":"#.utf8)
    ChangeText.appendArray(queued, to: &output)
    output.append(contentsOf: #","drop":"#.utf8)
    output.append(contentsOf: JSONWriter.write(.array(dropped)).utf8)
    output.append(UInt8(ascii: "}"))
    return String(decoding: output, as: UTF8.self)
  }

  /// Whether this save is large beside what the replica holds.
  private func rewritesWhole(_ replica: Replica) -> Bool {
    whole || Snapshot.isLarge(fields.count + outbox.count, beside: replica)
  }
}
