import SQLiteNIO

extension SQLiteEngine {
  /// Every field row of `stream`, read through SQLite's own rows rather than SQLKit's decoder.
  func fieldRows(stream: String) async throws -> FieldRows {
    let (connection, lock) = (self.connection, self.lock)
    let rows = try await Self.reporting {
      try await lock.withLock {
        try await connection.query(
          "SELECT \(FieldRows.columns) FROM fields WHERE stream_id = ?", [.text(stream)])
      }
    }
    var result = FieldRows()
    result.changes.reserveCapacity(rows.count)
    for row in rows {
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
    return result
  }
}
