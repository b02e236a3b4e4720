public import HabitSync
import SQLKit
import Synchronization

/// A batch too large for one short transaction (an import of years of history), applied without
/// holding SQLite's one writer for long: its rows go in short transactions to a staging stream
/// nobody reads; the last of them also records that the batch is complete (a `streams` row for
/// the staging stream), which is the batch's commit point. Then short transactions move the
/// staged rows into the account in order, each deleting what it moved, until none is left; a
/// crash in between is finished when the store next opens (`settleLeftovers`), and a staging
/// stream never marked complete is discarded. So the batch lands whole or not at all; while it
/// is being moved (seconds), the account's own sync clients may see part of it. Other writers
/// take turns between the short transactions. The marker also counts the rows moved so far, in
/// the transactions that move them, so the count answered is the true one across retries; and
/// deleting the account deletes its staging streams too, so a move never brings rows back.
enum StagedBatch {
  /// Changes per short transaction: tens of milliseconds each on SQLite, which every other
  /// account's write may have to wait for.
  static let changesPerTransaction = 2_000

  /// The prefix of staging streams: `~staged:<random>:<account>`.
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
    let staging = prefix + String(UInt64.random(in: 0...UInt64.max), radix: 16) + ":" + stream
    do {
      var written = 0
      repeat {
        if ticket.isAbandoned { throw CommitTicket.Abandoned() }
        let part = rows[written..<min(written + changesPerTransaction, rows.count)]
        let last = written + part.count == rows.count
        // Made before the writer's turn, so the turn holds only the database's own work.
        let statements = inserts(part, from: Int64(written), into: staging)
        try await engine.bulkTransaction { database in
          for statement in statements { try await database.raw(statement).run() }
          if last {
            try await requireAccount(stream, in: database)
            try ticket.commit()
            try await markComplete(staging, in: database)
          }
        }
        written += part.count
      } while written < rows.count
    } catch {
      try? await discard(staging, engine: engine)
      throw error
    }
    let (applied, sequence) = try await publishAfterCommit(staging, into: stream, engine: engine)
    return BatchResult(received: changes.count, applied: applied, sequence: sequence)
  }

  /// Past the commit point the batch is saved, so a failure to move it (a disk full for a
  /// moment, a busy database) is retried rather than answered "not saved"; only a store that
  /// keeps failing for about a minute gives up, and its next start finishes the move.
  private static func publishAfterCommit(
    _ staging: String, into stream: String, engine: any SQLEngine
  ) async throws -> (applied: Int, sequence: Int64) {
    var attempt = 0
    let finish = Finish()
    while true {
      do {
        return try await publish(staging, into: stream, engine: engine, finish: finish)
      } catch {
        attempt += 1
        if attempt >= 20 { throw error }
        try? await Task.sleep(for: .milliseconds(250 * min(attempt, 8)))
      }
    }
  }

  private static func markComplete(_ staging: String, in database: any SQLDatabase)
    async throws
  {
    try await database.raw(
      "INSERT INTO streams (stream_id, sequence) VALUES (\(bind: staging), 0)"
    ).run()
  }

  /// The statements that write rows to the staging stream, numbered from `first + 1` in order.
  private static func inserts(
    _ rows: ArraySlice<Change>, from first: Int64, into staging: String
  ) -> [SQLQueryString] {
    var number = first
    return FieldStore.chunks(Array(rows)).map { slice in
      var query: SQLQueryString =
        "INSERT INTO fields (stream_id, entity, record_key, field, value, stamp, change_id, rank, sequence) VALUES "
      query += slice.map { change -> SQLQueryString in
        number += 1
        return
          "(\(bind: staging), \(bind: change.entity.rawValue), \(bind: change.key), \(bind: change.field.field), \(bind: change.value.storageText), \(bind: change.stamp.text), \(bind: change.id), \(bind: change.rank), \(bind: number))"
      }.joined(separator: ", ")
      return query
    }
  }

  /// The outcome of the transaction that found nothing left to move, kept in memory in case its
  /// COMMIT succeeded but was reported as failed (the retry then finds no marker to read).
  final class Finish: Sendable {
    let outcome = Mutex<(applied: Int, sequence: Int64)?>(nil)
  }

  /// One short transaction of a move: rows moved (the count so far), the end (the count and the
  /// stream's sequence), or no marker (finished before, or the account was deleted).
  enum Step: Sendable {
    case moved(applied: Int, sequence: Int64)
    case finished(applied: Int, sequence: Int64)
    case gone(sequence: Int64)
  }

  /// Moves a complete staging stream's rows into `stream`, a short transaction at a time, each
  /// keeping a field only where it outranks the stored row (as `FieldStore.apply` does),
  /// numbered after the stream's sequence; how many won, and the stream's sequence at the end.
  static func publish(
    _ staging: String, into stream: String, engine: any SQLEngine, finish: Finish = Finish()
  ) async throws -> (applied: Int, sequence: Int64) {
    while true {
      let step = try await engine.bulkTransaction { database in
        let step = try await moveNext(staging, into: stream, in: database)
        if case .finished(let applied, let sequence) = step {
          finish.outcome.withLock { $0 = (applied, sequence) }
        }
        return step
      }
      switch step {
      case .moved(let applied, let sequence):
        finish.outcome.withLock { $0 = (applied, sequence) }
      case .finished(let applied, let sequence):
        return (applied, sequence)
      case .gone(let sequence):
        return finish.outcome.withLock { $0 } ?? (0, sequence)
      }
    }
  }

  /// Moves the next staged rows (the lowest numbers first) and adds how many won to the count
  /// the marker keeps; with none left, removes the marker.
  private static func moveNext(
    _ staging: String, into stream: String, in database: any SQLDatabase
  ) async throws -> Step {
    // Read before the account's sequence row is locked (which makes one): a deleted account's
    // staging has no marker, and nothing of it may be written again.
    let marker = try await database.raw(
      "SELECT sequence FROM streams WHERE stream_id = \(bind: staging)"
    ).first()
    guard let counted = try marker?.decode(column: "sequence", as: Int64.self) else {
      return .gone(sequence: try await FieldStore.sequence(stream: stream, in: database))
    }
    let base = try await FieldStore.lockSequences([stream], in: database)[stream] ?? 0
    let range = try await database.raw(
      "SELECT MIN(sequence) AS low FROM fields WHERE stream_id = \(bind: staging)"
    ).first()
    guard let low = try range?.decode(column: "low", as: Int64?.self) else {
      try await database.raw("DELETE FROM streams WHERE stream_id = \(bind: staging)").run()
      return .finished(applied: Int(counted), sequence: base)
    }
    let high = low + Int64(changesPerTransaction) - 1
    let offset = base - low + 1
    let collation = database.dialect.name == "postgresql" ? " COLLATE \"C\"" : ""
    try await database.raw(
      "INSERT INTO fields (stream_id, entity, record_key, field, value, stamp, change_id, rank, sequence) SELECT \(bind: stream), entity, record_key, field, value, stamp, change_id, rank, sequence + \(bind: offset) FROM fields WHERE stream_id = \(bind: staging) AND sequence <= \(bind: high) ON CONFLICT (stream_id, entity, record_key, field) DO UPDATE SET value = excluded.value, stamp = excluded.stamp, change_id = excluded.change_id, rank = excluded.rank, sequence = excluded.sequence WHERE excluded.rank\(unsafeRaw: collation) > fields.rank\(unsafeRaw: collation)"
    ).run()
    try await database.raw(
      "DELETE FROM fields WHERE stream_id = \(bind: staging) AND sequence <= \(bind: high)"
    ).run()
    let row = try await database.raw(
      "SELECT COUNT(*) AS won, MAX(sequence) AS highest FROM fields WHERE stream_id = \(bind: stream) AND sequence > \(bind: base)"
    ).first()
    let won = try row?.decode(column: "won", as: Int.self) ?? 0
    let sequence = max(base, try row?.decode(column: "highest", as: Int64?.self) ?? base)
    if sequence > base { try await FieldStore.storeSequences([(stream, sequence)], in: database) }
    let applied = counted + Int64(won)
    try await database.raw(
      "UPDATE streams SET sequence = \(bind: applied) WHERE stream_id = \(bind: staging)"
    ).run()
    return .moved(applied: Int(applied), sequence: sequence)
  }

  /// Refuses a batch for an account that no longer exists (deleted while its import was read or
  /// staged). On PostgreSQL the account's row is held until the transaction ends, so a deletion
  /// begun meanwhile waits for the batch and then deletes its rows too.
  static func requireAccount(_ account: String, in database: any SQLDatabase) async throws {
    let hold = database.dialect.name == "postgresql" ? " FOR SHARE" : ""
    let row = try await database.raw(
      "SELECT id FROM accounts WHERE id = \(bind: account)\(unsafeRaw: hold)"
    ).first()
    guard row != nil else { throw StoreError.accountGone }
  }

  /// Deletes the account's staging streams, rows and markers (within the account's deletion), so
  /// no move of an import under way brings its rows back.
  static func deleteStaging(of account: String, in database: any SQLDatabase) async throws {
    let named = try await database.raw(
      "SELECT DISTINCT stream_id FROM fields WHERE stream_id >= \(bind: prefix) AND stream_id < '~staged;' UNION SELECT stream_id FROM streams WHERE stream_id >= \(bind: prefix) AND stream_id < '~staged;'"
    ).all().map { try $0.decode(column: "stream_id", as: String.self) }
    for staging in named where self.account(ofStaging: staging) == account {
      try await database.raw("DELETE FROM fields WHERE stream_id = \(bind: staging)").run()
      try await database.raw("DELETE FROM streams WHERE stream_id = \(bind: staging)").run()
    }
  }

  /// The account a staging stream `~staged:<random>:<account>` is for.
  static func account(ofStaging staging: String) -> String? {
    guard staging.hasPrefix(prefix) else { return nil }
    let rest = staging.dropFirst(prefix.count)
    return rest.firstIndex(of: ":").map { String(rest[rest.index(after: $0)...]) }
  }

  /// Deletes a staging stream's rows, a short transaction at a time.
  private static func discard(_ staging: String, engine: any SQLEngine) async throws {
    var more = true
    while more {
      more = try await engine.bulkTransaction { database in
        let row = try await database.raw(
          "SELECT MIN(sequence) AS low FROM fields WHERE stream_id = \(bind: staging)"
        ).first()
        guard let low = try row?.decode(column: "low", as: Int64?.self) else { return false }
        try await database.raw(
          "DELETE FROM fields WHERE stream_id = \(bind: staging) AND sequence < \(bind: low + Int64(changesPerTransaction))"
        ).run()
        return true
      }
    }
  }

  /// Finishes what a crash interrupted: a staging stream marked complete is moved into its
  /// account, any other is discarded (its import was never acknowledged).
  static func settleLeftovers(_ engine: any SQLEngine) async throws {
    let (complete, all) = try await engine.read { database in
      let complete = try await database.raw(
        "SELECT stream_id FROM streams WHERE stream_id >= \(bind: prefix) AND stream_id < '~staged;'"
      ).all().map { try $0.decode(column: "stream_id", as: String.self) }
      let all = try await database.raw(
        "SELECT DISTINCT stream_id FROM fields WHERE stream_id >= \(bind: prefix) AND stream_id < '~staged;'"
      ).all().map { try $0.decode(column: "stream_id", as: String.self) }
      return (complete, all)
    }
    for staging in Set(all).union(complete) {
      if complete.contains(staging), let target = account(ofStaging: staging) {
        _ = try await publish(staging, into: target, engine: engine)
      } else {
        try await discard(staging, engine: engine)
        try await engine.transaction { database in
          try await database.raw("DELETE FROM streams WHERE stream_id = \(bind: staging)").run()
        }
      }
    }
  }
}
