public import HabitSync
import SQLKit

extension HabitStore {
  /// Rows per page when a whole account is read: few round trips, and each page well within a
  /// request's deadline even for the largest accounts.
  public static let loadPageSize = 50_000

  /// An account's replica built from its rows, trusted as stored (the store checked every change
  /// before taking it), so an account that is not cached loads quickly; see
  /// `Replica(trusting:device:cursor:)`.
  public func replica(account: String, device: String) async throws -> Replica {
    let (changes, cursor) = try await allFieldRows(stream: account)
    return Replica(trusting: changes, device: device, cursor: cursor)
  }

  /// Every field row of a stream (an account, or a client's replica), read in pages, and the
  /// sequence of the last.
  func allFieldRows(stream: String) async throws -> (changes: [Change], cursor: Int64) {
    var changes: [Change] = []
    var cursor: Int64 = 0
    while true {
      let page = try await fieldRows(after: cursor, limit: Self.loadPageSize, account: stream)
      changes += page.changes
      cursor = page.cursor
      if !page.hasMore { break }
    }
    return (changes, cursor)
  }

  /// A page of rows decoded by position on the two engines HabitFlow runs on.
  func fieldRows(after cursor: Int64, limit: Int, account: String) async throws -> RowPage {
    switch engine {
    case let sqlite as SQLiteEngine:
      return try await sqlite.fieldRows(stream: account, after: cursor, limit: limit).page
    case let postgres as PostgresEngine:
      return try await postgres.fieldRows(stream: account, after: cursor, limit: limit).page
    default:
      return try await engine.read { database in
        try await FieldStore.rows(after: cursor, limit: limit, stream: account, in: database)
      }
    }
  }
}
