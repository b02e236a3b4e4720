import HabitSync
import SQLKit
import SQLiteNIO

/// A read of stored changes (field or outbox rows): SQL with a `?` for each bound text, selecting
/// `columns` and, for the outbox, the row's position last. On SQLite the rows are decoded by
/// position, as an account's load decodes its pages: a replica's part holds thousands of rows.
struct StoredChangeQuery: Sendable {
  static let columns = "entity, record_key, field, value, stamp, change_id"

  let sql: String
  let binds: [String]
  /// Whether the last column is the outbox position.
  let positioned: Bool
}

extension HabitStore {
  /// The changes `query` selects, each with its outbox position (0 for field rows).
  func changes(_ query: StoredChangeQuery) async throws -> [(change: Change, position: Int64)] {
    if let sqlite = engine as? SQLiteEngine { return try await sqlite.changes(query) }
    return try await engine.read { database in
      var sql = SQLQueryString("")
      for (index, part) in query.sql.split(separator: "?", omittingEmptySubsequences: false)
        .enumerated()
      {
        if index > 0 { sql.appendInterpolation(bind: query.binds[index - 1]) }
        sql.appendLiteral(String(part))
      }
      return try await database.raw(sql).all().map { row in
        (
          try StoredField(row).change,
          query.positioned ? try row.decode(column: "position", as: Int64.self) : 0
        )
      }
    }
  }
}

extension SQLiteEngine {
  fileprivate func changes(_ query: StoredChangeQuery) async throws -> [(
    change: Change, position: Int64
  )] {
    let (connection, lock) = (self.connection, self.lock)
    let rows = try await Self.reporting {
      try await lock.withLock {
        try await connection.query(query.sql, query.binds.map { .text($0) })
      }
    }
    var decoder = FieldRowDecoder()
    var result: [(change: Change, position: Int64)] = []
    result.reserveCapacity(rows.count)
    let count = query.positioned ? 7 : 6
    for row in rows {
      let columns = row.columns
      guard columns.count == count, case .text(let entity) = columns[0].data,
        case .text(let key) = columns[1].data, case .text(let field) = columns[2].data,
        case .text(let value) = columns[3].data, case .text(let stamp) = columns[4].data,
        case .text(let changeID) = columns[5].data
      else { throw StoreError.corruptRow("a stored change: \(row)") }
      var position: Int64 = 0
      if query.positioned {
        guard case .integer(let stored) = columns[6].data else {
          throw StoreError.corruptRow("an outbox position: \(row)")
        }
        position = Int64(stored)
      }
      result.append(
        (
          try decoder.change(
            entity: entity, key: key, field: field, value: value, stamp: stamp,
            changeID: changeID), position
        ))
    }
    return result
  }
}
