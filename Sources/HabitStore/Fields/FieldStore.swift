public import HabitSync
import SQLKit

/// The outcome of applying one batch: how many changes it held, and how many of them won their
/// field (the rest were already there, or outranked).
public struct BatchResult: Hashable, Sendable {
  public let received: Int
  public let applied: Int
  /// The stream's sequence after the batch.
  public let sequence: Int64
}

/// One page of rows after a cursor.
public struct RowPage: Hashable, Sendable {
  public let changes: [Change]
  /// The sequence of the last row in the page (or the cursor asked for, if the page is empty).
  public let cursor: Int64
  public let hasMore: Bool
}

/// Field rows per stream (an account on the server, a replica on a client): the winning change
/// per field, each with a sequence number raised whenever its row changes.
enum FieldStore {
  /// Rows per multi-row statement: well under SQLite's and PostgreSQL's limits on bound values.
  static let chunk = 400

  /// Applies a batch atomically and idempotently: a change that does not outrank its field's
  /// current state (the same change again, or an older one) changes nothing.
  static func apply(_ changes: [Change], stream: String, in database: any SQLDatabase)
    async throws -> BatchResult
  {
    try await database.raw(
      "INSERT INTO streams (stream_id, sequence) VALUES (\(bind: stream), 0) ON CONFLICT (stream_id) DO NOTHING"
    ).run()
    // Updating the stream row locks it (PostgreSQL) until commit: batches for one stream queue,
    // so sequences are handed out in commit order and a cursor never skips a row.
    guard
      let row = try await database.raw(
        "UPDATE streams SET sequence = sequence WHERE stream_id = \(bind: stream) RETURNING sequence"
      ).first()
    else { throw StoreError.corruptRow("stream \(stream) has no sequence row") }
    var sequence = try row.decode(column: "sequence", as: Int64.self)

    var best: [FieldKey: Change] = [:]
    for change in changes {
      if let held = best[change.field], held.rank >= change.rank { continue }
      best[change.field] = change
    }
    let candidates = best.values.sorted { $0.field < $1.field }
    // Each candidate gets the next sequence; the upsert keeps it only where the change outranks
    // the stored row (ranks come from HabitSync's `Merge.rank`, compared as bytes), and RETURNING
    // says which won. A loser's number is simply never stored.
    let collation = database.dialect.name == "postgresql" ? " COLLATE \"C\"" : ""
    var applied = 0
    var highest = sequence
    var start = 0
    while start < candidates.count {
      let slice = candidates[start..<min(start + chunk, candidates.count)]
      var query: SQLQueryString =
        "INSERT INTO fields (stream_id, entity, record_key, field, value, stamp, change_id, rank, sequence) VALUES "
      var rows: [SQLQueryString] = []
      var numbers: [FieldKey: Int64] = [:]
      for change in slice {
        sequence += 1
        numbers[change.field] = sequence
        rows.append(
          "(\(bind: stream), \(bind: change.entity.rawValue), \(bind: change.key), \(bind: change.field.field), \(bind: change.value.storageText), \(bind: change.stamp.text), \(bind: change.id), \(bind: change.rank), \(bind: sequence))"
        )
      }
      query += rows.joined(separator: ", ")
      query +=
        " ON CONFLICT (stream_id, entity, record_key, field) DO UPDATE SET value = excluded.value, stamp = excluded.stamp, change_id = excluded.change_id, rank = excluded.rank, sequence = excluded.sequence WHERE excluded.rank\(unsafeRaw: collation) > fields.rank\(unsafeRaw: collation) RETURNING entity, record_key, field"
      for row in try await database.raw(query).all() {
        guard let entity = Entity(rawValue: try row.decode(column: "entity", as: String.self))
        else { continue }
        let key = FieldKey(
          entity, try row.decode(column: "record_key", as: String.self),
          try row.decode(column: "field", as: String.self))
        applied += 1
        highest = max(highest, numbers[key] ?? highest)
      }
      start += chunk
    }
    sequence = highest
    try await database.raw(
      "UPDATE streams SET sequence = \(bind: sequence) WHERE stream_id = \(bind: stream)"
    ).run()
    return BatchResult(received: changes.count, applied: applied, sequence: sequence)
  }

  /// Rows whose sequence is above `cursor`, oldest first, at most `limit`.
  static func rows(after cursor: Int64, limit: Int, stream: String, in database: any SQLDatabase)
    async throws -> RowPage
  {
    let rows = try await database.raw(
      "SELECT entity, record_key, field, value, stamp, change_id, sequence FROM fields WHERE stream_id = \(bind: stream) AND sequence > \(bind: cursor) ORDER BY sequence LIMIT \(bind: limit + 1)"
    ).all()
    var changes: [Change] = []
    var last = cursor
    for row in rows.prefix(limit) {
      changes.append(try StoredField(row).change)
      last = try row.decode(column: "sequence", as: Int64.self)
    }
    return RowPage(changes: changes, cursor: last, hasMore: rows.count > limit)
  }

  /// Every field of a stream, in key order.
  static func all(stream: String, in database: any SQLDatabase) async throws -> [Change] {
    try await database.raw(
      "SELECT entity, record_key, field, value, stamp, change_id FROM fields WHERE stream_id = \(bind: stream) ORDER BY entity, record_key, field"
    ).all().map { try StoredField($0).change }
  }

  static func sequence(stream: String, in database: any SQLDatabase) async throws -> Int64 {
    let row = try await database.raw(
      "SELECT sequence FROM streams WHERE stream_id = \(bind: stream)"
    ).first()
    return try row?.decode(column: "sequence", as: Int64.self) ?? 0
  }

  static func delete(stream: String, in database: any SQLDatabase) async throws {
    try await database.raw("DELETE FROM fields WHERE stream_id = \(bind: stream)").run()
    try await database.raw("DELETE FROM streams WHERE stream_id = \(bind: stream)").run()
    try await database.raw("DELETE FROM outbox WHERE stream_id = \(bind: stream)").run()
    try await database.raw("DELETE FROM replica_state WHERE stream_id = \(bind: stream)").run()
  }
}

/// A `fields` (or `outbox`) row read back as the change it stores.
struct StoredField {
  let change: Change

  init(_ row: any SQLRow) throws {
    let entityName = try row.decode(column: "entity", as: String.self)
    let stampText = try row.decode(column: "stamp", as: String.self)
    guard let entity = Entity(rawValue: entityName), let stamp = Stamp(text: stampText) else {
      throw StoreError.corruptRow("entity \(entityName), stamp \(stampText)")
    }
    let text = try row.decode(column: "value", as: String.self)
    let value: FieldValue
    do {
      value = try FieldValue(storageText: text)
    } catch {
      throw StoreError.corruptRow(error.message)
    }
    change = Change(
      id: try row.decode(column: "change_id", as: String.self),
      field: FieldKey(
        entity, try row.decode(column: "record_key", as: String.self),
        try row.decode(column: "field", as: String.self)),
      value: value, stamp: stamp)
  }
}
