public import HabitCore

/// Table Habit's records: `record_date` in days since 1970, `record_type` 1 done (with
/// `record_value`), 2 skipped, 0 nothing but a note; `reason` is the note.
enum TableHabitRecord {
  static func read(
    _ records: [JSONFields], title: String, approximations: inout [Approximation]
  ) throws(ImportError) -> [Entry] {
    var entries: [Entry] = []
    var indexOfDay: [Day: Int] = [:]
    for var record in records {
      let day = Day(daysSince1970: try record.requiredInteger("record_date"))
      var entry = Entry(
        day: day,
        note: ImportDefaults.note(
          try record.string("reason") ?? "", day: day, title: title,
          approximations: &approximations))
      let value = try record.amount("record_value")
      switch try record.integer("record_type") ?? 0 {
      case 0: break
      case 1:
        guard (value ?? .one) >= .zero else {
          throw record.failure("A value cannot be negative.", member: "record_value")
        }
        entry.value = value ?? .one
      case 2: entry.isSkipped = true
      case let type:
        throw record.failure(
          String(type) + " is not a record type (1 done, 2 skipped).", member: "record_type")
      }
      guard !entry.isEmpty else { continue }
      if let index = indexOfDay[day] {
        entries[index] = entry
      } else {
        indexOfDay[day] = entries.count
        entries.append(entry)
      }
    }
    return entries
  }
}
