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

  /// `items` in runs of at most `chunk`, one multi-row statement each.
  static func chunks<Item>(_ items: [Item]) -> [ArraySlice<Item>] {
    stride(from: 0, to: items.count, by: chunk).map { items[$0..<min($0 + chunk, items.count)] }
  }

  /// Applies a batch atomically and idempotently: a change that does not outrank its field's
  /// current state (the same change again, or an older one) changes nothing.
  static func apply(_ changes: [Change], stream: String, in database: any SQLDatabase)
    async throws -> BatchResult
  {
    try await apply([(stream, changes)], in: database)[0]
  }

  /// Applies the batches of several streams (a group commit; a stream may appear more than once)
  /// with one statement per table rather than per batch: each statement costs a round trip to
  /// the database, and a group commit under load holds dozens of batches.
  static func apply(_ batches: [(stream: String, changes: [Change])], in database: any SQLDatabase)
    async throws -> [BatchResult]
  {
    let streams = Set(batches.map(\.stream)).sorted()
    guard !streams.isEmpty else { return [] }
    var sequences = try await lockSequences(streams, in: database)

    // Per field, only the highest-ranked change of the whole group can win.
    var best: [String: [FieldKey: Change]] = [:]
    for (stream, changes) in batches {
      for change in changes {
        if let held = best[stream]?[change.field], held.rank >= change.rank { continue }
        best[stream, default: [:]][change.field] = change
      }
    }
    // Each candidate gets its stream's next sequence; the upsert keeps it only where the change
    // outranks the stored row (ranks come from HabitSync's `Merge.rank`, compared as bytes), and
    // RETURNING says which won. A loser's number is simply never stored.
    var candidates: [(stream: String, change: Change, sequence: Int64)] = []
    for stream in streams {
      var sequence = sequences[stream] ?? 0
      for change in (best[stream] ?? [:]).values.sorted(by: { $0.field < $1.field }) {
        sequence += 1
        candidates.append((stream, change, sequence))
      }
    }
    let collation = database.dialect.name == "postgresql" ? " COLLATE \"C\"" : ""
    var winners: [String: Set<String>] = [:]
    var highest: [String: Int64] = [:]
    for slice in chunks(candidates) {
      var query: SQLQueryString =
        "INSERT INTO fields (stream_id, entity, record_key, field, value, stamp, change_id, rank, sequence) VALUES "
      query += slice.map { row -> SQLQueryString in
        let change = row.change
        return
          "(\(bind: row.stream), \(bind: change.entity.rawValue), \(bind: change.key), \(bind: change.field.field), \(bind: change.value.storageText), \(bind: change.stamp.text), \(bind: change.id), \(bind: change.rank), \(bind: row.sequence))"
      }.joined(separator: ", ")
      query +=
        " ON CONFLICT (stream_id, entity, record_key, field) DO UPDATE SET value = excluded.value, stamp = excluded.stamp, change_id = excluded.change_id, rank = excluded.rank, sequence = excluded.sequence WHERE excluded.rank\(unsafeRaw: collation) > fields.rank\(unsafeRaw: collation) RETURNING stream_id, change_id, sequence"
      for row in try await database.raw(query).all() {
        let stream = try row.decode(column: "stream_id", as: String.self)
        let sequence = try row.decode(column: "sequence", as: Int64.self)
        winners[stream, default: []].insert(try row.decode(column: "change_id", as: String.self))
        highest[stream] = max(highest[stream] ?? 0, sequence)
      }
    }
    for (stream, sequence) in highest where sequence > sequences[stream] ?? 0 {
      sequences[stream] = sequence
    }
    try await storeSequences(highest.keys.sorted().map { ($0, sequences[$0] ?? 0) }, in: database)

    return batches.map { stream, changes in
      // A batch's change counts as applied when it is the one its field now holds.
      var own: [FieldKey: String] = [:]
      for change in changes {
        if let held = best[stream]?[change.field], held.id == change.id {
          own[change.field] = change.id
        }
      }
      let won = winners[stream] ?? []
      return BatchResult(
        received: changes.count, applied: own.values.filter { won.contains($0) }.count,
        sequence: sequences[stream] ?? 0)
    }
  }

  /// Creates missing stream rows and reads every stream's sequence, locking the rows (PostgreSQL)
  /// until commit: batches for one stream queue, so sequences are handed out in commit order and
  /// a cursor never skips a row. Streams come sorted, so concurrent group commits lock in one
  /// order and cannot deadlock.
  static func lockSequences(_ streams: [String], in database: any SQLDatabase)
    async throws -> [String: Int64]
  {
    var sequences: [String: Int64] = [:]
    for slice in chunks(streams) {
      var query: SQLQueryString = "INSERT INTO streams (stream_id, sequence) VALUES "
      query += slice.map { "(\(bind: $0), 0)" as SQLQueryString }.joined(separator: ", ")
      query +=
        " ON CONFLICT (stream_id) DO UPDATE SET sequence = streams.sequence RETURNING stream_id, sequence"
      for row in try await database.raw(query).all() {
        sequences[try row.decode(column: "stream_id", as: String.self)] = try row.decode(
          column: "sequence", as: Int64.self)
      }
    }
    guard sequences.count == streams.count else {
      throw StoreError.corruptRow("a stream has no sequence row")
    }
    return sequences
  }

  /// Records each stream's new highest sequence.
  static func storeSequences(_ sequences: [(String, Int64)], in database: any SQLDatabase)
    async throws
  {
    for slice in chunks(sequences) {
      var query: SQLQueryString = "INSERT INTO streams (stream_id, sequence) VALUES "
      query += slice.map { "(\(bind: $0.0), \(bind: $0.1))" as SQLQueryString }.joined(
        separator: ", ")
      query += " ON CONFLICT (stream_id) DO UPDATE SET sequence = excluded.sequence"
      try await database.raw(query).run()
    }
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
