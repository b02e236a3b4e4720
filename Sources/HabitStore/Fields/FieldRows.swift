import HabitSync

/// A stream's whole state read for loading it: every field row in one statement, decoded by
/// position, and the highest sequence among them (the cursor the rows bring a replica up to).
struct FieldRows: Sendable {
  var changes: [Change] = []
  var sequence: Int64 = 0
  private var decoder = FieldRowDecoder()

  /// The columns each engine selects, in the order `add` takes them.
  static let columns = "entity, record_key, field, value, stamp, change_id, sequence"

  mutating func add(
    entity: String, key: String, field: String, value: String, stamp: String, changeID: String,
    sequence: Int64
  ) throws {
    changes.append(
      try decoder.change(
        entity: entity, key: key, field: field, value: value, stamp: stamp, changeID: changeID))
    self.sequence = max(self.sequence, sequence)
  }
}
