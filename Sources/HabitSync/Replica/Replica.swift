public import HabitCore

/// A full local copy of one person's data: the merged field registers, the HabitCore tracker they
/// project to, the outbox of changes not yet acknowledged, and the server cursor. Every face keeps
/// one; the same merge rule runs on all of them, so they converge.
public struct Replica: Sendable {
  public let device: String
  public private(set) var clock: HybridClock
  public private(set) var records: [RecordKey: FieldStates]
  public private(set) var outbox: [Change]
  /// The server sequence this replica has pulled up to.
  public private(set) var cursor: Int64
  /// The state the faces show: a projection of `records`.
  public private(set) var tracker: Tracker
  public private(set) var nextChangeNumber: Int
  /// Entry days seen per habit, so a habit that appears (or changes its start) shows its history.
  private var entryDays: [HabitID: Set<Day>]

  public init(device: String) {
    self.device = device
    clock = HybridClock(device: device)
    records = [:]
    outbox = []
    cursor = 0
    tracker = Tracker()
    nextChangeNumber = 1
    entryDays = [:]
  }

  /// Reopens a replica from storage: its field states (as the changes that set them), outbox,
  /// cursor and clock.
  public init(
    device: String, fields: [Change], outbox: [Change], cursor: Int64, clock: Stamp?,
    nextChangeNumber: Int
  ) {
    self.init(device: device)
    for change in fields {
      records[change.field.record, default: [:]][change.field.field] = change.state
    }
    self.outbox = outbox
    self.cursor = cursor
    self.clock = HybridClock(device: device, last: clock)
    self.nextChangeNumber = nextChangeNumber
    rebuild()
  }

  /// A replica whose fields and projection were built together (a trusted load).
  init(
    device: String, records: [RecordKey: FieldStates], tracker: Tracker,
    entryDays: [HabitID: Set<Day>], cursor: Int64, clock: Stamp, outbox: [Change] = [],
    nextChangeNumber: Int = 1
  ) {
    self.init(device: device)
    self.records = records
    self.tracker = tracker
    self.entryDays = entryDays
    self.cursor = cursor
    self.clock = HybridClock(device: device, last: clock)
    self.outbox = outbox
    self.nextChangeNumber = nextChangeNumber
  }

  /// Every field state as the change that set it: what storage and backups hold.
  public var fieldChanges: [Change] {
    var result: [Change] = []
    for (record, fields) in records {
      for (name, state) in fields {
        result.append(
          Change(
            id: state.changeID, field: FieldKey(record.entity, record.key, name),
            value: state.value,
            stamp: state.stamp))
      }
    }
    return result.ordered { $0.field < $1.field }
  }

  public func setting(_ name: String) -> FieldValue? {
    records[RecordKey(.setting, name)]?["value"]?.value
  }

  /// The day the person's weeks begin on (the `firstWeekday` setting, Monday until set): week
  /// strips, weekly statistics and the weeks a weekly quota and its streak count in.
  public var firstWeekday: Weekday {
    setting("firstWeekday")?.int.flatMap { Weekday(isoNumber: Int(clamping: $0)) } ?? .monday
  }

  // MARK: Local edits

  /// Performs an action through HabitCore's rules and records the changes that express it.
  /// Nothing changes when the rule refuses.
  @discardableResult
  public mutating func perform(_ action: Action, wall: Int64, today: Day) throws(HabitError)
    -> [Change]
  {
    var touched = Touched()
    try run(action, today: today, touched: &touched)
    return record(touched, wall: wall)
  }

  /// Performs every action or none (an import): the rules run one after another, and the
  /// changes are recorded once for all of them, so thousands of days cost one pass.
  @discardableResult
  public mutating func perform(_ actions: [Action], wall: Int64, today: Day)
    throws(ActionFailure) -> [Change]
  {
    let before = tracker
    var touched = Touched()
    for (index, action) in actions.enumerated() {
      do {
        try run(action, today: today, touched: &touched)
      } catch {
        tracker = before
        throw ActionFailure(index: index, error: error)
      }
    }
    return record(touched, wall: wall)
  }

  /// Records what now differs from the merged fields for everything touched.
  private mutating func record(_ touched: Touched, wall: Int64) -> [Change] {
    var unlike = false
    let changes = changes(from: tracker, touched: touched, wall: wall, unlike: &unlike)
    // Everything the changes name was touched, so one projection of what was touched suffices.
    let exact = apply(changes, projecting: false) && !unlike
    // Habits whose entries are read back from the merged fields: all of them unless every
    // change won; else those with earlier days this batch did not set (a habit added again
    // after a deletion shows its earlier days).
    var readBack = Set<HabitID>()
    for key in touched.keys(.habit) {
      let id = HabitID(key)
      if !exact || !(entryDays[id] ?? []).isSubset(of: touched.entries[id] ?? []) {
        readBack.insert(id)
      }
    }
    for (habit, days) in touched.entries { entryDays[habit, default: []].formUnion(days) }
    reproject(touched, readingBack: readBack, entries: !exact)
    enqueue(changes)
    return changes
  }

  /// Runs one action's rule on the tracker in place (rules change nothing when they throw),
  /// noting what it may touch from the state before it.
  private mutating func run(_ action: Action, today: Day, touched: inout Touched)
    throws(HabitError)
  {
    switch action {
    case .addHabit(let habit):
      touched.habit(try tracker.add(habit, today: today).id)
    case .updateHabit(let habit):
      touched.habit(habit.id, withEntriesOf: tracker)
      try tracker.update(habit, today: today)
    case .deleteHabit(let id):
      try tracker.deleteHabit(id)
      touched.habit(id)
    case .setPinned(let id, let pinned):
      try tracker.setPinned(id, pinned)
      touched.habit(id)
    case .setArchived(let id, let archived):
      try tracker.setArchived(id, archived)
      touched.habit(id)
    case .reorder(let ids):
      for id in tracker.habits.keys { touched.habit(id) }
      try tracker.reorder(ids)
    case .moveStart(let id, let day):
      touched.habit(id, withEntriesOf: tracker)
      try tracker.moveStart(of: id, to: day, today: today)
    case .complete(let id, let day):
      try tracker.complete(id, on: day, today: today)
      touched.entry(id, day)
    case .uncomplete(let id, let day):
      try tracker.uncomplete(id, on: day, today: today)
      touched.entry(id, day)
    case .tap(let id, let day):
      try tracker.tap(id, on: day, today: today)
      touched.entry(id, day)
    case .addCount(let id, let day, let times):
      try tracker.addCount(id, on: day, today: today, times: times)
      touched.entry(id, day)
    case .logAmount(let id, let day, let amount):
      try tracker.logAmount(id, on: day, today: today, amount: amount)
      touched.entry(id, day)
    case .skip(let id, let day, let skipped):
      try tracker.skip(id, on: day, today: today, skipped: skipped)
      touched.entry(id, day)
    case .setNote(let id, let day, let note):
      try tracker.setNote(id, on: day, today: today, note: note)
      touched.entry(id, day)
    case .setEntry(let id, let entry):
      try tracker.setEntry(entry, for: id, today: today)
      touched.entry(id, entry.day)
    case .pause(let id, let first, let last, let paused):
      let changed = try tracker.pause(
        covering: id, from: first, through: last, today: today, paused: paused)
      for (habit, days) in changed {
        for day in days { touched.entry(habit, day) }
      }
    case .addCategory(let id, let name):
      try tracker.addCategory(id: id, name: name)
      touched.category(id)
    case .renameCategory(let id, let name):
      try tracker.renameCategory(id, to: name)
      touched.category(id)
    case .deleteCategory(let id):
      for habit in tracker.habits.values where habit.category == id {
        touched.habit(habit.id)
      }
      try tracker.deleteCategory(id)
      touched.category(id)
    case .savePlace(let place):
      try tracker.savePlace(place)
      touched.place(place.id)
    case .deletePlace(let id):
      for habit in tracker.habits.values where habit.reminders.place?.place == id {
        touched.habit(habit.id)
      }
      try tracker.deletePlace(id)
      touched.place(id)
    }
  }

  /// Brings what an action touched back in line with the merged fields: a change that lost its
  /// merge (a tombstone outranks it) must not stay visible. When every change won, the merged
  /// entries are the ones the rules made, so an import's hundred thousand days are not read
  /// back: only the habits in `readingBack` have their entries read, and touched entries are
  /// read only when `entries` says so. Habits are always projected, as their rules and the
  /// records' (category and place present) must agree.
  private mutating func reproject(
    _ touched: Touched, readingBack: Set<HabitID>, entries: Bool
  ) {
    if touched.touches(.category) || touched.touches(.place) {
      rebuild()
      return
    }
    var projected = Set<HabitID>()
    for key in touched.keys(.habit) {
      projectHabit(HabitID(key), withEntries: readingBack.contains(HabitID(key)))
      projected.insert(HabitID(key))
    }
    guard entries else { return }
    for (habit, days) in touched.entries where !projected.contains(habit) {
      for day in days { projectEntry(habit, day) }
    }
  }

  /// Sets a preference (first weekday, theme, …) that follows the person across devices.
  @discardableResult
  public mutating func set(setting name: String, to value: FieldValue, wall: Int64) -> [Change] {
    precondition(RecordID.isValid(name), "setting names are letters, digits, - and _")
    var touched = Touched()
    touched.settings[name] = value
    var unlike = false
    let changes = changes(from: tracker, touched: touched, wall: wall, unlike: &unlike)
    apply(changes)
    enqueue(changes)
    return changes
  }

  // MARK: Remote changes

  /// Merges changes that came from the server. The batch is checked whole first: one malformed
  /// change or a stamp from a clock far ahead refuses all of it, and nothing is applied. HabitCore's
  /// rules were applied where each change was made and at the server's door, not again here.
  public mutating func receive(_ changes: [Change], wall: Int64) throws(SyncError) {
    for change in changes {
      if let error = ChangeValidation.problem(change, wall: wall, rules: false) { throw error }
    }
    for change in changes { try clock.observe(change.stamp, wall: wall) }
    apply(changes)
  }

  /// The request for the next sync call: the cursor and the oldest unacknowledged changes.
  public func syncRequest(limit: Int = 500) -> SyncRequest {
    SyncRequest(device: device, cursor: cursor, changes: Array(outbox.prefix(limit)))
  }

  /// Takes the server's answer to `request`: drops what it acknowledged or refused from the
  /// outbox, merges what it sent, and moves the cursor. Returns the refusals for the person.
  @discardableResult
  public mutating func complete(_ request: SyncRequest, with response: SyncResponse, wall: Int64)
    throws(SyncError) -> [Refusal]
  {
    try pull(response.changes, cursor: response.cursor, wall: wall)
    acknowledge(Set(request.changes.map { $0.id }))
    return response.refused
  }

  /// Merges one page of server rows and moves the cursor past them.
  public mutating func pull(_ changes: [Change], cursor newCursor: Int64, wall: Int64)
    throws(SyncError)
  {
    try receive(changes, wall: wall)
    cursor = max(cursor, newCursor)
  }

  /// Drops changes the server has taken (stored or refused) from the outbox.
  public mutating func acknowledge(_ ids: Set<String>) {
    outbox.removeAll { ids.contains($0.id) }
  }

  // MARK: Internals

  private mutating func nextID() -> String {
    defer { nextChangeNumber += 1 }
    return device + "." + String(nextChangeNumber)
  }

  /// Adds changes to the outbox, each replacing an unsent change of the same field (one pass,
  /// however many changes an import brings).
  private mutating func enqueue(_ changes: [Change]) {
    guard !outbox.isEmpty else {
      outbox = changes
      return
    }
    let fields = Set(changes.map { $0.field })
    outbox.removeAll { fields.contains($0.field) }
    outbox.append(contentsOf: changes)
  }

  private mutating func makeChange(_ field: FieldKey, _ value: FieldValue, wall: Int64) -> Change {
    Change(id: nextID(), field: field, value: value, stamp: clock.tick(wall: wall))
  }

  /// The field changes that turn the current records into `next` for everything touched.
  /// `unlike` is set when a touched entry's merged fields will show otherwise than `next` does:
  /// it holds a skip that a check-in hid and this change takes that check-in back (the skip
  /// shows again). Such entries are read back from the merged fields.
  private mutating func changes(
    from next: Tracker, touched: Touched, wall: Int64, unlike: inout Bool
  ) -> [Change] {
    var result: [Change] = []
    // `asked`: the fields were worked out against what the record shows, not what it holds, so
    // each is written even when it holds that value already (a skip hidden by a check-in is
    // skipped again with a new stamp).
    func emit(
      _ entity: Entity, _ key: String, _ fields: [(String, FieldValue)], asked: Bool = false
    ) {
      let current = records[RecordKey(entity, key)] ?? [:]
      for (name, value) in fields where asked || current[name]?.value != value {
        result.append(makeChange(FieldKey(entity, key, name), value, wall: wall))
      }
    }
    for key in touched.keys(.category) {
      if let category = next.category(CategoryID(key)) {
        emit(.category, key, RecordFields.encode(category))
      } else {
        emit(.category, key, [(Merge.deletedField, .bool(true))])
      }
    }
    for key in touched.keys(.place) {
      if let place = next.places[PlaceID(key)] {
        emit(.place, key, RecordFields.encode(place))
      } else {
        emit(.place, key, [(Merge.deletedField, .bool(true))])
      }
    }
    for key in touched.keys(.habit) {
      if let habit = next.habit(HabitID(key)) {
        emit(.habit, key, RecordFields.encode(habit))
      } else if let fields = records[RecordKey(.habit, key)], !RecordFields.isDeleted(fields) {
        emit(.habit, key, [(Merge.deletedField, .bool(true))])
      }
    }
    for (id, day) in touched.orderedEntries() {
      guard let habit = next.habit(id) else { continue }
      let key = RecordFields.entryKey(id, day)
      let fields = records[RecordKey(.entry, key)] ?? [:]
      let current = RecordFields.entry(day: day, fields)
      let (total, runs) = RecordFields.entryRuns(fields)
      let desired = next.log(id)[day] ?? Entry(day: day)
      var updates: [(String, FieldValue)] = []
      let difference = desired.value.thousandths - current.value.thousandths
      if difference != 0 {
        // Count taps and amounts go into runs of this device's own, so what two devices log
        // offline both counts; a day marked done is one register, unless it holds runs from
        // when the habit counted (they add up, so a new run is what brings it to the mark).
        if habit.measure.kind != .done || runs > 0 {
          updates.append(run(fields, total: total, desired: desired.value.thousandths, habit))
        } else {
          updates.append(("value", .int(desired.value.thousandths)))
        }
      }
      if desired.note != current.note { updates.append(("note", .text(desired.note))) }
      // A check-in takes away every skip made before it, those this device has not seen too.
      if desired.isSkipped != current.isSkipped || (difference > 0 && !desired.isSkipped) {
        updates.append(("skipped", .bool(desired.isSkipped)))
      }
      if desired.mark != current.mark { updates.append(("mark", .text(desired.mark.rawValue))) }
      if fields["skipped"]?.value == .bool(true) && !desired.isSkipped && desired.value == .zero
        && !updates.contains(where: { $0.0 == "skipped" })
      {
        unlike = true
      }
      emit(.entry, key, updates, asked: true)
    }
    for (name, value) in touched.settings.ordered(by: { $0.key < $1.key }) {
      emit(.setting, name, [("value", value)])
    }
    return result
  }

  /// The run of taps or amounts that brings an entry's value from `total` to `desired`, a new
  /// field made after every run this device has seen. Never folded into an earlier run of this
  /// device: moved later, its units would be taken back after a removal another device made in
  /// between, rather than before it.
  private func run(
    _ fields: FieldStates, total: Int64, desired: Int64, _ habit: Habit
  ) -> (String, FieldValue) {
    var prefix = RecordFields.entryAmountPrefix
    if case .count = habit.measure { prefix = RecordFields.entryCounterPrefix }
    // Named after the change that makes it, passing over a name the entry holds already: a
    // device that starts afresh under its old id numbers its changes again.
    var name = ""
    var number = nextChangeNumber
    repeat {
      name = prefix + device + "-" + String(number)
      number += 1
    } while fields[name] != nil
    return (name, .int(desired - total))
  }

  /// Merges changes into the records and re-projects what they touched (unless the caller
  /// projects them itself). Whether every change won its field.
  @discardableResult
  private mutating func apply(_ changes: [Change], projecting: Bool = true) -> Bool {
    var touchedRecords = Set<RecordKey>()
    var allWon = true
    for change in changes {
      let record = change.field.record
      // One lookup of the record: a change to a record not yet held always wins, so no empty
      // record is left behind.
      let won = Self.merge(change, into: &records[record, default: [:]])
      if won && projecting { touchedRecords.insert(record) }
      allWon = allWon && won
    }
    guard !touchedRecords.isEmpty else { return allWon }
    if touchedRecords.contains(where: { $0.entity == .category || $0.entity == .place }) {
      rebuild()
      return allWon
    }
    for record in touchedRecords where record.entity == .habit {
      projectHabit(HabitID(record.key))
    }
    for record in touchedRecords where record.entity == .entry {
      guard let (habit, day) = RecordFields.entryKeyParts(record.key) else { continue }
      entryDays[habit, default: []].insert(day)
      projectEntry(habit, day)
    }
    return allWon
  }

  /// Keeps the change in its record's fields when it wins the field's merge.
  private static func merge(_ change: Change, into fields: inout FieldStates) -> Bool {
    let name = change.field.field
    guard Merge.wins(change, over: fields[name], field: name) else { return false }
    fields[name] = change.state
    return true
  }

  /// Re-projects everything: on opening, and when categories or places change.
  private mutating func rebuild() {
    tracker = Tracker()
    entryDays = [:]
    var categoryKeys: [String] = []
    var habitKeys: [String] = []
    for record in records.keys {
      switch record.entity {
      case .category: categoryKeys.append(record.key)
      case .place:
        if let fields = records[record], !RecordFields.isDeleted(fields),
          let place = RecordFields.place(id: record.key, fields)
        {
          tracker.restore(place)
        }
      case .habit: habitKeys.append(record.key)
      case .entry:
        if let (habit, day) = RecordFields.entryKeyParts(record.key) {
          entryDays[habit, default: []].insert(day)
        }
      case .setting: break
      }
    }
    // In key order, not the records' hash order: the tracker lists categories in the order
    // they are restored, and two replicas of the same fields must list them alike.
    for key in categoryKeys.ordered() {
      let fields = records[RecordKey(.category, key)] ?? [:]
      let base = Category.defaults.first { $0.id.rawValue == key }
      if RecordFields.isDeleted(fields) {
        tracker.remove(CategoryID(key))
      } else if let category = RecordFields.category(id: key, fields, base: base) {
        tracker.restore(category)
      }
    }
    for key in habitKeys { projectHabit(HabitID(key)) }
  }

  /// Projects a habit, and its entries when it (re)appears, its start moved, or `withEntries`
  /// asks (a local rule may have changed entries the merge did not keep).
  private mutating func projectHabit(_ id: HabitID, withEntries: Bool = false) {
    let fields = records[RecordKey(.habit, id.rawValue)] ?? [:]
    guard !RecordFields.isDeleted(fields), var habit = RecordFields.habit(id: id.rawValue, fields),
      tracker.category(habit.category) != nil
    else {
      tracker.remove(id)
      return
    }
    if let place = habit.reminders.place, tracker.places[place.place] == nil {
      habit.reminders.place = nil
    }
    let previous = tracker.habit(id)
    tracker.restore(habit)
    if withEntries || previous == nil || previous?.startDay != habit.startDay {
      // The whole log at once, in day order: a sorted insert per day, in the days' hash order,
      // took time quadratic in a habit's history (seconds for years of it in the web app).
      let days = (entryDays[id] ?? []).ordered()
      var entries: [Entry] = []
      entries.reserveCapacity(days.count)
      for day in days where day >= habit.startDay {
        let entry = RecordFields.entry(
          day: day, records[RecordKey(.entry, RecordFields.entryKey(id, day))] ?? [:])
        if !entry.isEmpty { entries.append(entry) }
      }
      tracker.restore(EntryLog(entries), for: id)
    }
  }

  private mutating func projectEntry(_ id: HabitID, _ day: Day) {
    guard let habit = tracker.habit(id) else { return }
    let fields = records[RecordKey(.entry, RecordFields.entryKey(id, day))] ?? [:]
    let entry = day >= habit.startDay ? RecordFields.entry(day: day, fields) : Entry(day: day)
    tracker.restore(entry, for: id)
  }
}

/// Which of a batch's actions a rule refused, and why: the caller names what it concerned.
public struct ActionFailure: Error, Hashable, Sendable {
  /// The action's position in the batch.
  public let index: Int
  public let error: HabitError

  public init(index: Int, error: HabitError) {
    self.index = index
    self.error = error
  }
}

/// What an action may have changed, so only those records are compared. One set of record keys
/// rather than a set per kind: each element type costs the web module its own hash table code.
struct Touched {
  private var records = Set<RecordKey>()
  /// Entries by habit and day rather than by key: an import touches thousands, and days sort
  /// and hash as integers.
  private(set) var entries: [HabitID: Set<Day>] = [:]
  var settings: [String: FieldValue] = [:]

  mutating func habit(_ id: HabitID) {
    records.insert(RecordKey(.habit, id.rawValue))
  }

  /// A habit and every day it has entries on (a later start date drops some).
  mutating func habit(_ id: HabitID, withEntriesOf tracker: Tracker) {
    habit(id)
    for entry in tracker.log(id).entries { self.entry(id, entry.day) }
  }

  mutating func entry(_ id: HabitID, _ day: Day) {
    entries[id, default: []].insert(day)
  }

  mutating func category(_ id: CategoryID) {
    records.insert(RecordKey(.category, id.rawValue))
  }

  mutating func place(_ id: PlaceID) {
    records.insert(RecordKey(.place, id.rawValue))
  }

  func touches(_ entity: Entity) -> Bool {
    entity == .entry ? !entries.isEmpty : records.contains { $0.entity == entity }
  }

  /// The touched entries by habit id, then day, so changes come out the same way every time.
  func orderedEntries() -> [(HabitID, Day)] {
    var result: [(HabitID, Day)] = []
    for habit in entries.keys.ordered() {
      let days = entries[habit] ?? []
      guard let first = days.min(), let last = days.max() else { continue }
      // An import touches most days of a range: walking it is cheaper than sorting.
      if first.distance(to: last) < days.count * 4 {
        var day = first
        while day <= last {
          if days.contains(day) { result.append((habit, day)) }
          day = day.advanced(by: 1)
        }
      } else {
        for day in days.ordered() { result.append((habit, day)) }
      }
    }
    return result
  }

  /// The touched keys of one kind, in order, so changes come out the same way every time.
  func keys(_ entity: Entity) -> [String] {
    records.filter { $0.entity == entity }.map { $0.key }.ordered()
  }
}
