public import HabitCore

extension Replica {
  /// Reopens an account from rows its own store took only after checking them: merging them one
  /// by one (validation, the merge rule, a projection per change) would redo that work and is
  /// most of the cost of loading an account. The fields are set as they are (in sequence order, so
  /// a field read twice keeps its later row), each entry key is read once, and each habit's log
  /// is built whole; the clock moves past every stamp, as merging them would.
  public init(trusting fields: [Change], device: String, cursor: Int64) {
    var records: [RecordKey: [String: FieldState]] = [:]
    records.reserveCapacity(fields.count)
    var keys = EntryKeyReader()
    var entryRecords: [HabitID: [(Day, RecordKey)]] = [:]
    var wall: Int64 = 0
    var counter = 0
    for change in fields {
      let record = change.field.record
      let stamp = change.stamp
      if stamp.wall > wall || (stamp.wall == wall && stamp.counter > counter) {
        wall = stamp.wall
        counter = stamp.counter
      }
      let isNew = Self.insert(change, into: &records[record, default: [:]])
      if isNew, record.entity == .entry, let (habit, day) = keys.parts(record.key) {
        entryRecords[habit, default: []].append((day, record))
      }
    }
    var tracker = Tracker()
    var categoryKeys: [String] = []
    var habitKeys: [String] = []
    for (record, fields) in records {
      switch record.entity {
      case .category: categoryKeys.append(record.key)
      case .place:
        if !RecordFields.isDeleted(fields), let place = RecordFields.place(id: record.key, fields) {
          tracker.restore(place)
        }
      case .habit: habitKeys.append(record.key)
      case .entry, .setting: break
      }
    }
    for key in categoryKeys {
      let fields = records[RecordKey(.category, key)] ?? [:]
      if RecordFields.isDeleted(fields) {
        tracker.remove(CategoryID(key))
      } else if let category = RecordFields.category(
        id: key, fields, base: Category.defaults.first { $0.id.rawValue == key })
      {
        tracker.restore(category)
      }
    }
    for key in habitKeys {
      let fields = records[RecordKey(.habit, key)] ?? [:]
      guard !RecordFields.isDeleted(fields), var habit = RecordFields.habit(id: key, fields),
        tracker.category(habit.category) != nil
      else { continue }
      if let place = habit.reminders.place, tracker.places[place.place] == nil {
        habit.reminders.place = nil
      }
      tracker.restore(habit)
      var entries: [Entry] = []
      for (day, record) in entryRecords[habit.id] ?? [] where day >= habit.startDay {
        let entry = RecordFields.entry(day: day, records[record] ?? [:])
        if !entry.isEmpty { entries.append(entry) }
      }
      entries.sort { $0.day < $1.day }
      tracker.restore(EntryLog(entries), for: habit.id)
    }
    self.init(
      device: device, records: records, tracker: tracker,
      entryDays: entryRecords.mapValues { Set($0.map { $0.0 }) }, cursor: cursor,
      clock: Stamp(wall: wall, counter: counter, device: device))
  }

  /// Sets a field from a stored row; whether its record was new.
  private static func insert(_ change: Change, into fields: inout [String: FieldState]) -> Bool {
    let isNew = fields.isEmpty
    fields[change.field.field] = change.state
    return isNew
  }
}
