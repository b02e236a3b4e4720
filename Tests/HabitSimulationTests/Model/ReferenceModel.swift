import HabitCore

/// What every face must show, written from DESIGN.md's rules rather than from the code: the
/// acknowledged intents of every device, in the order they happened (one clock, so stamp order).
///
/// - A day's done mark is a register: the latest intent wins.
/// - Counts and amounts add up across devices: each device's taps, logs and corrections move
///   the day's total by what they changed on that device, and the total is their sum (never
///   below zero).
/// - A skip neither keeps nor wipes a value: it holds until a later check-in (anywhere) or
///   un-skip takes it away; a day that holds a value shows the value, not the skip, and taking
///   that value back leaves a skip made after it standing. A screen that shows a check-in
///   refuses a skip, so a hidden skip comes only from a device that had not seen the check-in.
/// - A note is a register. Moving a start date later drops the days before it, and no face
///   shows a day before the start (one a device that had not seen the move wrote there too).
/// - Every field of a place syncs.
/// - Merging a backup puts back what it holds (days, places, habit fields) and keeps the rest;
///   replacing with it makes the account what it saved.
/// - A habit's title, description, emoji, colour and order are registers: the latest edit wins,
///   and an edit of one field leaves the others as they were. A pause skips the empty days of its
///   range and resuming takes those skips back: it never changes a value or a note.
/// - Deleting a category deletes its habits with their days on every face (as the confirmation
///   says: "Its habits and all their history go too"), for good: deletes are tombstones, so an
///   edit a device made before it heard of the delete (a check-in, a field) never brings one back.
///   A backup restored with "Replace everything" holds what it saved, deleted habits included.
final class ReferenceModel {
  private(set) var entries: [HabitID: [Day: SeenEntry]] = [:]
  private(set) var places: [PlaceID: SeenPlace] = [:]
  private(set) var habits: [HabitID: SeenHabit] = [:]
  /// Each habit's start once a step moved it.
  private var starts: [HabitID: Day] = [:]
  /// Habits a device deleted (with their category).
  private(set) var deleted: Set<HabitID> = []
  /// Days a loss already found explains: the data checks do not report them a second time.
  private(set) var explained: Set<String> = []
  /// Every day an intent was made on, kept even when the day ends empty.
  private var touched: [HabitID: Set<Day>] = [:]

  /// The day as every face must show it: a value hides a skip, and the start hides the days
  /// before it.
  func entry(_ habit: HabitID, _ day: Day) -> SeenEntry {
    if deleted.contains(habit) { return SeenEntry() }
    if let start = starts[habit], day < start { return SeenEntry() }
    var entry = held(habit, day)
    if entry.thousandths > 0 { entry.skipped = false }
    return entry
  }

  /// The day as the rules hold it, a skip hidden by a value included.
  private func held(_ habit: HabitID, _ day: Day) -> SeenEntry {
    entries[habit]?[day] ?? SeenEntry()
  }

  private func update(_ habit: HabitID, _ day: Day, _ change: (inout SeenEntry) -> Void) {
    touched[habit, default: []].insert(day)
    var entry = held(habit, day)
    change(&entry)
    entries[habit, default: [:]][day] = entry.isEmpty ? nil : entry
  }

  /// A tap, a log or a correction that moved this device's total by `delta` thousandths.
  func add(_ habit: HabitID, _ day: Day, thousandths delta: Int64) {
    update(habit, day) { entry in
      entry.thousandths = max(0, entry.thousandths + delta)
      if delta > 0 { entry.skipped = false }
    }
  }

  func setDone(_ habit: HabitID, _ day: Day, _ done: Bool) {
    update(habit, day) { entry in
      entry.thousandths = done ? 1000 : 0
      if done { entry.skipped = false }
    }
  }

  func setSkipped(_ habit: HabitID, _ day: Day, _ skipped: Bool) {
    update(habit, day) { $0.skipped = skipped }
  }

  func setNote(_ habit: HabitID, _ day: Day, _ note: String) {
    update(habit, day) { $0.note = note }
  }

  func moveStart(_ habit: HabitID, to day: Day) {
    starts[habit] = day
    entries[habit] = entries[habit]?.filter { $0.key >= day }
  }

  /// A category deleted with its habits.
  func delete(_ habit: HabitID) {
    deleted.insert(habit)
    habits[habit] = nil
  }

  func savePlace(_ id: PlaceID, _ place: SeenPlace) { places[id] = place }

  /// A habit as it was made.
  func made(_ habit: HabitID, _ fields: SeenHabit) { habits[habit] = fields }

  /// An edit a device made: each field it changed now holds the device's value; the others keep
  /// theirs (another device may have changed them since this one last synced).
  func edit(_ habit: HabitID, from before: SeenHabit, to after: SeenHabit) {
    guard var fields = habits[habit] else { return }
    if after.title != before.title { fields.title = after.title }
    if after.description != before.description { fields.description = after.description }
    if after.emoji != before.emoji { fields.emoji = after.emoji }
    if after.color != before.color { fields.color = after.color }
    if after.order != before.order { fields.order = after.order }
    habits[habit] = fields
  }

  /// Marks a day as explained by a loss already reported.
  func explain(_ habit: HabitID, _ day: Day) { explained.insert(habit.rawValue + "/" + day.iso) }

  func isExplained(_ habit: HabitID, _ day: Day) -> Bool {
    explained.contains(habit.rawValue + "/" + day.iso)
  }

  /// The entries and places as they stand (a backup of the model).
  struct Snapshot: Sendable {
    let entries: [HabitID: [Day: SeenEntry]]
    let places: [PlaceID: SeenPlace]
    let habits: [HabitID: SeenHabit]
    let starts: [HabitID: Day]
    let deleted: Set<HabitID>
  }

  /// A backup holds what the days show (a skip hidden under a value is not in it).
  func snapshot() -> Snapshot {
    var shown: [HabitID: [Day: SeenEntry]] = [:]
    for (habit, days) in entries {
      for day in days.keys { shown[habit, default: [:]][day] = entry(habit, day) }
    }
    return Snapshot(
      entries: shown, places: places, habits: habits, starts: starts, deleted: deleted)
  }

  /// "Replace everything" with a backup: the account becomes what the backup saved.
  func restore(_ snapshot: Snapshot) {
    for (habit, days) in entries {
      for day in days.keys { touched[habit, default: []].insert(day) }
    }
    entries = snapshot.entries
    places = snapshot.places
    habits = snapshot.habits
    starts = snapshot.starts
    deleted = snapshot.deleted
  }

  /// A backup merged into the account: each day it holds that is not empty becomes the backup's
  /// (value, skip and note); its places, and its habits' title, description, colour and emoji
  /// (unless it has none), become the backup's; a habit starts at the earlier of the two starts;
  /// every other day, and each habit's order, stays as it is.
  func merge(_ snapshot: Snapshot) {
    for (habit, days) in snapshot.entries {
      for (day, entry) in days where !entry.isEmpty {
        touched[habit, default: []].insert(day)
        entries[habit, default: [:]][day] = entry
      }
    }
    for (id, place) in snapshot.places { places[id] = place }
    for (habit, saved) in snapshot.habits {
      guard var fields = habits[habit] else { continue }
      fields.title = saved.title
      fields.description = saved.description
      fields.color = saved.color
      if !saved.emoji.isEmpty { fields.emoji = saved.emoji }
      habits[habit] = fields
    }
    for (habit, start) in starts {
      starts[habit] = snapshot.starts[habit].map { min($0, start) }
    }
  }

  /// Every day any intent touched, in order.
  func days(_ habit: HabitID) -> [Day] { (touched[habit] ?? []).sorted() }
}
