import SQLiteNIO

extension SQLiteEngine {
  /// Field rows of `stream` above `cursor` in sequence order, at most `limit` (and whether more
  /// follow), read through SQLite's own rows rather than SQLKit's decoder.
  func fieldRows(stream: String, after cursor: Int64, limit: Int) async throws -> FieldRows {
    let (connection, lock) = (self.connection, self.lock)
    let rows = try await Self.reporting {
      try await lock.withLock {
        try await connection.query(
          "SELECT \(FieldRows.columns) FROM fields WHERE stream_id = ? AND sequence > ? ORDER BY sequence LIMIT ?",
          [.text(stream), .integer(Int(cursor)), .integer(limit + 1)])
      }
    }
    var result = FieldRows(cursor: cursor)
    result.changes.reserveCapacity(min(rows.count, limit))
    for row in rows.prefix(limit) {
      let columns = row.columns
      guard columns.count == 7, case .text(let entity) = columns[0].data,
        case .text(let key) = columns[1].data, case .text(let field) = columns[2].data,
        case .text(let value) = columns[3].data, case .text(let stamp) = columns[4].data,
        case .text(let changeID) = columns[5].data, case .integer(let sequence) = columns[6].data
      else { throw StoreError.corruptRow("a field row of \(stream): \(row)") }
      try result.add(
        entity: entity, key: key, field: field, value: value, stamp: stamp, changeID: changeID,
        sequence: Int64(sequence))
    }
    result.hasMore = rows.count > limit
    return result
  }
}
