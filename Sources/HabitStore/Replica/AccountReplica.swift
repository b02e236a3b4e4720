public import HabitSync
import SQLKit

extension HabitStore {
  /// An account's replica built from its rows in one read, trusted as stored (the store checked
  /// every change before taking it), so an account that is not cached loads quickly; see
  /// `Replica(trusting:device:cursor:)`.
  public func replica(account: String, device: String) async throws -> Replica {
    let rows: FieldRows
    switch engine {
    case let sqlite as SQLiteEngine:
      rows = try await sqlite.fieldRows(stream: account)
    case let postgres as PostgresEngine:
      rows = try await postgres.fieldRows(stream: account)
    default:
      rows = try await engine.read { database in
        var rows = FieldRows()
        for row in try await database.raw(
          "SELECT \(unsafeRaw: FieldRows.columns) FROM fields WHERE stream_id = \(bind: account)"
        ).all() {
          func text(_ column: String) throws -> String {
            try row.decode(column: column, as: String.self)
          }
          try rows.add(
            entity: text("entity"), key: text("record_key"), field: text("field"),
            value: text("value"), stamp: text("stamp"), changeID: text("change_id"),
            sequence: try row.decode(column: "sequence", as: Int64.self))
        }
        return rows
      }
    }
    return Replica(trusting: rows.changes, device: device, cursor: rows.sequence)
  }
}
