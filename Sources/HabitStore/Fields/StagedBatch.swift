public import HabitSync
import SQLKit

/// A batch too large for one short transaction (an import of years of history), applied without
/// holding SQLite's one writer for its whole length: its rows go in short transactions to a
/// staging stream nobody reads, then one statement inside the database merges them into the
/// account, so the batch becomes visible all at once or not at all. Other writers take turns
/// between the short transactions and wait only for the final merge.
enum StagedBatch {
  /// Changes per staging transaction: tens of milliseconds each on SQLite.
  static let changesPerTransaction = 4_000

  /// The prefix of staging streams; a crash may leave one behind, which `discardLeftovers`
  /// removes when the store opens.
  static let prefix = "~staged:"

  static func apply(
    _ changes: [Change], stream: String, engine: any SQLEngine, ticket: CommitTicket
  ) async throws -> BatchResult {
    var best: [FieldKey: Change] = [:]
    for change in changes {
      if let held = best[change.field], held.rank >= change.rank { continue }
      best[change.field] = change
    }
    let rows = best.values.sorted { $0.field < $1.field }
    let staging = prefix + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    do {
      var written = 0
      while written < rows.count {
        if ticket.isAbandoned { throw CommitTicket.Abandoned() }
        let part = rows[written..<min(written + changesPerTransaction, rows.count)]
        let first = Int64(written)
        try await engine.transaction { database in
          try await stage(part, from: first, into: staging, in: database)
        }
        written += part.count
      }
      let (applied, sequence) = try await engine.transaction { database in
        let merged = try await merge(staging, into: stream, in: database)
        try ticket.commit()
        return merged
      }
      try? await discard(staging, rows: rows.count, engine: engine)
      return BatchResult(received: changes.count, applied: applied, sequence: sequence)
    } catch {
      try? await discard(staging, rows: rows.count, engine: engine)
      throw error
    }
  }

  /// Writes rows to the staging stream, numbered from `first + 1` in order.
  private static func stage(
    _ rows: ArraySlice<Change>, from first: Int64, into staging: String,
    in database: any SQLDatabase
  ) async throws {
    var number = first
    for slice in FieldStore.chunks(Array(rows)) {
      var query: SQLQueryString =
        "INSERT INTO fields (stream_id, entity, record_key, field, value, stamp, change_id, rank, sequence) VALUES "
      query += slice.map { change -> SQLQueryString in
        number += 1
        return
          "(\(bind: staging), \(bind: change.entity.rawValue), \(bind: change.key), \(bind: change.field.field), \(bind: change.value.storageText), \(bind: change.stamp.text), \(bind: change.id), \(bind: change.rank), \(bind: number))"
      }.joined(separator: ", ")
      try await database.raw(query).run()
    }
  }

  /// Merges the staged rows into the stream in one statement, each keeping its field only where
  /// it outranks the stored row (as `FieldStore.apply` does), numbered after the stream's
  /// sequence; how many won, and the stream's new sequence.
  private static func merge(_ staging: String, into stream: String, in database: any SQLDatabase)
    async throws -> (applied: Int, sequence: Int64)
  {
    let base = try await FieldStore.lockSequences([stream], in: database)[stream] ?? 0
    let collation = database.dialect.name == "postgresql" ? " COLLATE \"C\"" : ""
    try await database.raw(
      "INSERT INTO fields (stream_id, entity, record_key, field, value, stamp, change_id, rank, sequence) SELECT \(bind: stream), entity, record_key, field, value, stamp, change_id, rank, sequence + \(bind: base) FROM fields WHERE stream_id = \(bind: staging) ON CONFLICT (stream_id, entity, record_key, field) DO UPDATE SET value = excluded.value, stamp = excluded.stamp, change_id = excluded.change_id, rank = excluded.rank, sequence = excluded.sequence WHERE excluded.rank\(unsafeRaw: collation) > fields.rank\(unsafeRaw: collation)"
    ).run()
    let row = try await database.raw(
      "SELECT COUNT(*) AS won, MAX(sequence) AS highest FROM fields WHERE stream_id = \(bind: stream) AND sequence > \(bind: base)"
    ).first()
    let won = try row?.decode(column: "won", as: Int.self) ?? 0
    let highest = try row?.decode(column: "highest", as: Int64?.self) ?? nil
    let sequence = max(base, highest ?? base)
    if sequence > base { try await FieldStore.storeSequences([(stream, sequence)], in: database) }
    return (won, sequence)
  }

  /// Deletes a staging stream's rows, a short transaction at a time.
  private static func discard(_ staging: String, rows: Int, engine: any SQLEngine) async throws {
    var upTo = 0
    repeat {
      upTo += changesPerTransaction
      let limit = Int64(upTo)
      try await engine.transaction { database in
        try await database.raw(
          "DELETE FROM fields WHERE stream_id = \(bind: staging) AND sequence <= \(bind: limit)"
        ).run()
      }
    } while upTo < rows
  }

  /// Removes staging rows a crash left behind (nobody reads them; they only take space).
  static func discardLeftovers(_ engine: any SQLEngine) async throws {
    try await engine.transaction { database in
      try await database.raw(
        "DELETE FROM fields WHERE stream_id >= \(bind: prefix) AND stream_id < \(bind: "~staged;")"
      ).run()
    }
  }
}
