public import HabitCore

extension Replica {
  /// Reopens an account from rows its own store took only after checking them: merging them one
  /// by one (validation, the merge rule, a projection per change) would redo that work and is
  /// most of the cost of loading an account. The fields are set as they are (in sequence order, so
  /// a field read twice keeps its later row), each entry key is read once, and each habit's log
  /// is built whole; the clock moves past every stamp, as merging them would.
  public init(trusting fields: [Change], device: String, cursor: Int64) {
    self.init(
      trusting: fields, device: device, outbox: [], cursor: cursor, clock: nil,
      nextChangeNumber: 1)
  }

  /// Reopens a client's own stored replica the same trusted way, with what only a client keeps:
  /// its outbox, its clock as last saved (never behind a stamp it made) and its change counter.
  public init(
    trusting fields: [Change], device: String, outbox: [Change], cursor: Int64, clock: Stamp?,
    nextChangeNumber: Int
  ) {
    let read = TrustedRecords(fields)
    var tracker = Tracker()
    var categoryKeys: [String] = []
    var habitKeys: [String] = []
    for (record, fields) in read.records {
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
    // In key order, not the records' hash order: the tracker lists categories in the order
    // they are restored, and two replicas of the same fields must list them alike.
    for key in categoryKeys.ordered() {
      let fields = read.records[RecordKey(.category, key)] ?? [:]
      if RecordFields.isDeleted(fields) {
        tracker.remove(CategoryID(key))
      } else if let category = RecordFields.category(
        id: key, fields, base: Category.defaults.first { $0.id.rawValue == key })
      {
        tracker.restore(category)
      }
    }
    for key in habitKeys {
      let fields = read.records[RecordKey(.habit, key)] ?? [:]
      guard !RecordFields.isDeleted(fields), var habit = RecordFields.habit(id: key, fields),
        tracker.category(habit.category) != nil
      else { continue }
      if let place = habit.reminders.place, tracker.places[place.place] == nil {
        habit.reminders.place = nil
      }
      tracker.restore(habit)
      let records = read.entryRecords[habit.id] ?? []
      // Sized once: a log grown by appending holds up to twice its entries' memory while the
      // account stays cached.
      var entries: [Entry] = []
      entries.reserveCapacity(records.count)
      for (day, record) in records where day >= habit.startDay {
        let entry = RecordFields.entry(day: day, read.records[record] ?? [:])
        if !entry.isEmpty { entries.append(entry) }
      }
      entries.sort { $0.day < $1.day }
      tracker.restore(EntryLog(entries), for: habit.id)
    }
    self.init(
      device: device, records: read.records, tracker: tracker, entryDays: read.entryDays,
      cursor: cursor, clock: read.clock(device: device, stored: clock), outbox: outbox,
      nextChangeNumber: nextChangeNumber)
  }

  /// Reopens part of a client's stored replica, so an edit costs what it touches rather than the
  /// whole history: the fields of some records (every field of each, and every entry of a habit
  /// whose record is given) with `tracker`, the projection of all records as last saved, and the
  /// outbox changes to those records. Edits and merged changes must touch only the records
  /// given, and no category or place (those re-project every record); the caller reads
  /// everything for those.
  public init(
    part fields: [Change], of tracker: Tracker, device: String, outbox: [Change], cursor: Int64,
    clock: Stamp?, nextChangeNumber: Int
  ) {
    let read = TrustedRecords(fields)
    self.init(
      device: device, records: read.records, tracker: tracker, entryDays: read.entryDays,
      cursor: cursor, clock: read.clock(device: device, stored: clock), outbox: outbox,
      nextChangeNumber: nextChangeNumber)
  }
}

/// Stored rows set as records, as they are: each entry key read once, the entry days gathered
/// per habit, and the latest stamp among them.
private struct TrustedRecords {
  var records: [RecordKey: FieldStates] = [:]
  var entryRecords: [HabitID: [(Day, RecordKey)]] = [:]
  private var wall: Int64 = 0
  private var counter = 0

  init(_ fields: [Change]) {
    records.reserveCapacity(fields.count)
    var keys = EntryKeyReader()
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
  }

  var entryDays: [HabitID: Set<Day>] { entryRecords.mapValues { Set($0.map { $0.0 }) } }

  /// The later of the stored clock and every stamp read, as this device's.
  func clock(device: String, stored: Stamp?) -> Stamp {
    if let stored, stored.wall > wall || (stored.wall == wall && stored.counter > counter) {
      return Stamp(wall: stored.wall, counter: stored.counter, device: device)
    }
    return Stamp(wall: wall, counter: counter, device: device)
  }

  /// Sets a field from a stored row; whether its record was new.
  private static func insert(_ change: Change, into fields: inout FieldStates) -> Bool {
    let isNew = fields.isEmpty
    fields[change.field.field] = change.state
    return isNew
  }
}
