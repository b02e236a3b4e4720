import PostgresNIO

extension PostgresEngine {
  /// Every field row of `stream`, decoded by position from PostgreSQL's rows rather than through
  /// SQLKit's decoder.
  func fieldRows(stream: String) async throws -> FieldRows {
    let (client, logger) = (self.client, self.logger)
    return try await Self.reporting {
      try await client.withConnection { connection in
        let query: PostgresQuery =
          "SELECT \(unescaped: FieldRows.columns) FROM fields WHERE stream_id = \(stream)"
        let rows = try await connection.query(query, logger: logger)
        var result = FieldRows()
        for try await (entity, key, field, value, stamp, changeID, sequence) in rows.decode(
          (String, String, String, String, String, String, Int64).self)
        {
          try result.add(
            entity: entity, key: key, field: field, value: value, stamp: stamp,
            changeID: changeID, sequence: sequence)
        }
        return result
      }
    }
  }
}
