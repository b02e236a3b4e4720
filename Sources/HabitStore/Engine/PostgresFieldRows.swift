import PostgresNIO

extension PostgresEngine {
  /// Field rows of `stream` above `cursor` in sequence order, at most `limit` (and whether more
  /// follow), decoded by position from PostgreSQL's rows rather than through SQLKit's decoder.
  func fieldRows(stream: String, after cursor: Int64, limit: Int) async throws -> FieldRows {
    let (client, logger) = (self.client, self.logger)
    return try await Self.reporting {
      try await client.withConnection { connection in
        let query: PostgresQuery =
          "SELECT \(unescaped: FieldRows.columns) FROM fields WHERE stream_id = \(stream) AND sequence > \(cursor) ORDER BY sequence LIMIT \(limit + 1)"
        let rows = try await connection.query(query, logger: logger)
        var result = FieldRows(cursor: cursor)
        for try await (entity, key, field, value, stamp, changeID, sequence) in rows.decode(
          (String, String, String, String, String, String, Int64).self)
        {
          guard result.changes.count < limit else {
            result.hasMore = true
            continue
          }
          try result.add(
            entity: entity, key: key, field: field, value: value, stamp: stamp,
            changeID: changeID, sequence: sequence)
        }
        return result
      }
    }
  }
}
