import HabitSync

/// Field rows read in sequence order, decoded by position: loading an account reads thousands,
/// and decoding them by column name was a quarter of the load.
struct FieldRows: Sendable {
  var changes: [Change] = []
  /// The sequence of the last row read (the cursor asked for, if none).
  var cursor: Int64
  var hasMore = false
  private var decoder = FieldRowDecoder()

  init(cursor: Int64) {
    self.cursor = cursor
  }

  /// The columns each engine selects, in the order `add` takes them.
  static let columns = "entity, record_key, field, value, stamp, change_id, sequence"

  mutating func add(
    entity: String, key: String, field: String, value: String, stamp: String, changeID: String,
    sequence: Int64
  ) throws {
    changes.append(
      try decoder.change(
        entity: entity, key: key, field: field, value: value, stamp: stamp, changeID: changeID))
    cursor = max(cursor, sequence)
  }

  var page: RowPage {
    RowPage(changes: changes, cursor: cursor, hasMore: hasMore)
  }
}
