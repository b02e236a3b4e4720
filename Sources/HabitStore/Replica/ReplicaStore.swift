public import HabitCore
public import HabitSync
import SQLKit

/// A client's replica kept in the same SQLite store the server uses: its merged fields (as a
/// stream of field rows), its outbox, cursor, clock and change counter.
public final class ReplicaStore: Sendable {
  public let store: HabitStore
  public let stream: String

  public init(store: HabitStore, stream: String = "replica") {
    self.store = store
    self.stream = stream
  }

  /// The stored replica's bookkeeping, without any record; nil when nothing is stored yet.
  public func state() async throws -> ReplicaState? {
    let stream = self.stream
    let rows = try await store.engine.read { database in
      try await database.raw(
        "SELECT name, value FROM replica_state WHERE stream_id = \(bind: stream)"
      ).all().map {
        (
          try $0.decode(column: "name", as: String.self),
          try $0.decode(column: "value", as: String.self)
        )
      }
    }
    return ReplicaState(Dictionary(rows) { _, last in last })
  }

  /// The whole stored replica, or a new one for `device` when nothing is stored yet.
  public func load(newDevice device: @autoclosure () -> String) async throws -> Replica {
    guard let state = try await state() else { return Replica(device: device()) }
    return try await load(.everything, of: state, projection: nil).replica
  }

  /// Reads what `scope` names of the replica stored with `state`. A part needs `projection`,
  /// the tracker as the save that wrote `state` projected it (see `Replica(part:of:…)`); without
  /// it every record is read. Every record is trusted as stored: the replica checked each change
  /// before saving it.
  public func load(_ scope: ReplicaScope, of state: ReplicaState, projection: Tracker?)
    async throws -> LoadedReplica
  {
    guard let projection, let habits = scope.habits else {
      let fields = try await store.allFieldRows(stream: stream).changes
      let outbox = try await outboxRows(nil)
      return LoadedReplica(
        replica: Replica(
          trusting: fields, device: state.device, outbox: outbox.map(\.change),
          cursor: state.cursor, clock: state.clock, nextChangeNumber: state.nextChangeNumber),
        scope: .everything, state: state, positions: Self.positions(outbox))
    }
    let fields = try await partRows(of: "fields", habits).map(\.change)
    let outbox = try await outboxRows(scope.wholeOutbox ? nil : habits)
    return LoadedReplica(
      replica: Replica(
        part: fields, of: projection, device: state.device, outbox: outbox.map(\.change),
        cursor: state.cursor, clock: state.clock, nextChangeNumber: state.nextChangeNumber),
      scope: scope, state: state, positions: Self.positions(outbox))
  }

  /// Persists what changed since `loaded` was read (everything, without it): `changes` merged
  /// into the fields, the outbox rows that left it deleted and its new changes appended, and its
  /// cursor and clock, in one transaction, so a write costs the change, not the history.
  @discardableResult
  public func save(_ replica: Replica, changes: [Change], over loaded: LoadedReplica? = nil)
    async throws -> SavedReplica
  {
    let stream = self.stream
    let edit = loaded.map { OutboxEdit(from: $0.positions, to: replica.outbox) }
    let generation = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let outbox = replica.outbox
    // With part of the outbox read, the count moves by what the save removes and appends
    // (counted once where none is stored).
    let counted: Int? =
      if let edit, let loaded, !loaded.scope.wholeOutbox {
        loaded.state.pending.map { $0 - edit.removedCount + edit.appended.count }
      } else {
        outbox.count
      }
    let pending = try await store.engine.transaction { database in
      if !changes.isEmpty { _ = try await FieldStore.apply(changes, stream: stream, in: database) }
      var position: Int64 = 0
      if let edit {
        for runs in FieldStore.chunks(edit.removed) {
          let ranges = runs.map { "position BETWEEN \($0.lowerBound) AND \($0.upperBound)" }
          try await database.raw(
            "DELETE FROM outbox WHERE stream_id = \(bind: stream) AND (\(unsafeRaw: ranges.joined(separator: " OR ")))"
          ).run()
        }
        if !edit.appended.isEmpty {
          let last = try await database.raw(
            "SELECT COALESCE(MAX(position), 0) AS last FROM outbox WHERE stream_id = \(bind: stream)"
          ).first()
          position = try last?.decode(column: "last", as: Int64.self) ?? 0
        }
      } else {
        try await database.raw("DELETE FROM outbox WHERE stream_id = \(bind: stream)").run()
      }
      for slice in FieldStore.chunks(edit?.appended ?? outbox) {
        var rows: [SQLQueryString] = []
        for change in slice {
          position += 1
          rows.append(
            "(\(bind: stream), \(bind: position), \(bind: change.id), \(bind: change.entity.rawValue), \(bind: change.key), \(bind: change.field.field), \(bind: change.value.storageText), \(bind: change.stamp.text))"
          )
        }
        try await database.raw(
          "INSERT INTO outbox (stream_id, position, change_id, entity, record_key, field, value, stamp) VALUES "
            + rows.joined(separator: ", ")
        ).run()
      }
      var pending = counted ?? 0
      if counted == nil {
        let count = try await database.raw(
          "SELECT COUNT(*) AS pending FROM outbox WHERE stream_id = \(bind: stream)"
        ).first()
        pending = try count?.decode(column: "pending", as: Int.self) ?? 0
      }
      for (name, value) in ReplicaState.rows(of: replica, generation: generation, pending: pending)
      {
        try await database.raw(
          "INSERT INTO replica_state (stream_id, name, value) VALUES (\(bind: stream), \(bind: name), \(bind: value)) ON CONFLICT (stream_id, name) DO UPDATE SET value = excluded.value"
        ).run()
      }
      return pending
    }
    return SavedReplica(generation: generation, pending: pending)
  }

  // MARK: Reading a part

  /// Habits per statement: each adds two selects to a compound one.
  private static let habitsPerQuery = 100

  /// Reads the rows of `table` (`fields`, or `outbox` with positions) that a part holds: the
  /// settings, and each habit's record and entries (by key range: an entry's key is the habit's
  /// id, `/` and the day, so `<id>/` up to `<id>0`, as `0` follows `/`). Each select is one
  /// range of the table's index by record.
  private func partRows(of table: String, _ habits: Set<HabitID>) async throws -> [(
    change: Change, position: Int64
  )] {
    let positioned = table == "outbox"
    let select =
      "SELECT \(StoredChangeQuery.columns)\(positioned ? ", position" : "") FROM \(table) WHERE stream_id = ? AND "
    let ids = habits.map(\.rawValue).sorted()
    var rows: [(change: Change, position: Int64)] = []
    for start in stride(from: 0, to: max(ids.count, 1), by: Self.habitsPerQuery) {
      var parts = start == 0 ? [select + "entity = 'setting'"] : []
      var binds = start == 0 ? [stream] : []
      for id in ids[start..<min(start + Self.habitsPerQuery, ids.count)] {
        parts.append(select + "entity = 'habit' AND record_key = ?")
        parts.append(
          select + "entity = 'entry' AND record_key\(collation) >= ? AND record_key\(collation) < ?"
        )
        binds += [stream, id, stream, id + "/", id + "0"]
      }
      rows += try await store.changes(
        StoredChangeQuery(
          sql: parts.joined(separator: " UNION ALL "), binds: binds, positioned: positioned))
    }
    return rows
  }

  /// The outbox in order: whole for nil, else the changes to what a part of `habits` holds
  /// (whole again for many habits: reading more of the outbox is always safe, as the changes
  /// read and not touched stay where they are).
  private func outboxRows(_ habits: Set<HabitID>?) async throws -> [(
    change: Change, position: Int64
  )] {
    guard let habits, habits.count <= Self.habitsPerQuery else {
      return try await store.changes(
        StoredChangeQuery(
          sql:
            "SELECT \(StoredChangeQuery.columns), position FROM outbox WHERE stream_id = ? ORDER BY position",
          binds: [stream], positioned: true))
    }
    return try await partRows(of: "outbox", habits).sorted { $0.position < $1.position }
  }

  /// Keys compared as bytes on both engines.
  private var collation: String { store.engine.flavor == .postgres ? " COLLATE \"C\"" : "" }

  private static func positions(_ outbox: [(change: Change, position: Int64)]) -> [String: Int64] {
    Dictionary(outbox.map { ($0.change.id, $0.position) }) { first, _ in first }
  }
}
