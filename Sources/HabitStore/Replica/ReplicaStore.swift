import HabitCore
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

  /// The stored replica, or a new one for `device` when nothing is stored yet.
  public func load(newDevice device: @autoclosure () -> String) async throws -> Replica {
    let stream = self.stream
    let (fields, outbox, state) = try await store.engine.read { database in
      let fields = try await FieldStore.all(stream: stream, in: database)
      let outbox = try await database.raw(
        "SELECT change_id, entity, record_key, field, value, stamp FROM outbox WHERE stream_id = \(bind: stream) ORDER BY position"
      ).all().map { try StoredField($0).change }
      var state: [String: String] = [:]
      for row in try await database.raw(
        "SELECT name, value FROM replica_state WHERE stream_id = \(bind: stream)"
      ).all() {
        state[try row.decode(column: "name", as: String.self)] = try row.decode(
          column: "value", as: String.self)
      }
      return (fields, outbox, state)
    }
    guard let storedDevice = state["device"] else { return Replica(device: device()) }
    return Replica(
      device: storedDevice, fields: fields, outbox: outbox,
      cursor: Int64(state["cursor"] ?? "") ?? 0,
      clock: state["clock"].flatMap(Stamp.init(text:)),
      nextChangeNumber: Int(state["nextChange"] ?? "") ?? 1)
  }

  /// Persists what changed since the last save: `changes` merged into the fields, the outbox as
  /// the replica now holds it, and its cursor and clock — in one transaction. With `storedOutbox`
  /// (the outbox as loaded) only the rows acknowledged from its front are deleted and only new
  /// changes appended, so a write costs the change, not the history.
  public func save(_ replica: Replica, changes: [Change], storedOutbox: [Change]? = nil)
    async throws
  {
    let stream = self.stream
    let outbox = replica.outbox
    let edit = storedOutbox.flatMap { OutboxEdit(from: $0, to: outbox) }
    let state: [(String, String)] = [
      ("device", replica.device), ("cursor", String(replica.cursor)),
      ("clock", replica.clock.last.text),
      ("nextChange", String(replica.nextChangeNumber)),
    ]
    try await store.engine.transaction { database in
      if !changes.isEmpty { _ = try await FieldStore.apply(changes, stream: stream, in: database) }
      var position: Int64 = 0
      if let edit {
        if edit.acknowledged > 0 {
          try await database.raw(
            "DELETE FROM outbox WHERE stream_id = \(bind: stream) AND position IN (SELECT position FROM outbox WHERE stream_id = \(bind: stream) ORDER BY position LIMIT \(bind: edit.acknowledged))"
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
      for slice in FieldStore.chunks(edit.map { Array($0.appended) } ?? outbox) {
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
      for (name, value) in state {
        try await database.raw(
          "INSERT INTO replica_state (stream_id, name, value) VALUES (\(bind: stream), \(bind: name), \(bind: value)) ON CONFLICT (stream_id, name) DO UPDATE SET value = excluded.value"
        ).run()
      }
    }
  }
}
