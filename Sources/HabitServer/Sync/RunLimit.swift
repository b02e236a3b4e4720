import HabitSync

/// The most runs of taps or amounts one day's entry takes from sync. A person changes a day's
/// count a few dozen times, and every run is read whenever the day is, so a client sending
/// thousands would slow each read of it. Server-only: the web module pays for every byte.
enum RunLimit {
  static let maximumRuns = 500

  /// Whether the change names a run (or a total older versions kept) rather than a set value.
  static func namesRun(_ change: Change) -> Bool {
    change.entity == .entry && RecordFields.isRun(change.field.field)
  }

  /// The positions of the changes that would give an entry more than `maximumRuns` runs (new
  /// names past the limit), given what the account holds.
  static func overfull(_ changes: [Change], records: [RecordKey: FieldStates]) -> Set<Int> {
    var held: [RecordKey: Int] = [:]
    var over = Set<Int>()
    for (index, change) in changes.enumerated() where namesRun(change) {
      let record = change.field.record
      let fields = records[record] ?? [:]
      guard fields[change.field.field] == nil else { continue }
      let count =
        held[record]
        ?? fields.reduce(0) { count, field in RecordFields.isRun(field.key) ? count + 1 : count }
      if count >= maximumRuns { over.insert(index) } else { held[record] = count + 1 }
    }
    return over
  }
}
