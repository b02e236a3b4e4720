import HabitCore

/// What every face must show, written from DESIGN.md's rules rather than from the code: the
/// acknowledged intents of every device, in the order they happened (one clock, so stamp order).
///
/// - A day's done mark is a register: the latest intent wins.
/// - Counts and amounts add up across devices: each device's taps, logs and corrections move
///   the day's total by what they changed on that device, and the total is their sum (never
///   below zero).
/// - A skip neither keeps nor wipes a value: a day with a check-in cannot be skipped (the
///   check-in must be taken back first); a check-in takes a skip away.
/// - A note is a register. Moving a start date later drops the days before it.
/// - Every field of a place syncs.
final class ReferenceModel {
  private(set) var entries: [HabitID: [Day: SeenEntry]] = [:]
  private(set) var places: [PlaceID: SeenPlace] = [:]
  /// Days a loss already found explains: the data checks do not report them a second time.
  private(set) var explained: Set<String> = []
  /// Every day an intent was made on, kept even when the day ends empty.
  private var touched: [HabitID: Set<Day>] = [:]

  func entry(_ habit: HabitID, _ day: Day) -> SeenEntry { entries[habit]?[day] ?? SeenEntry() }

  private func update(_ habit: HabitID, _ day: Day, _ change: (inout SeenEntry) -> Void) {
    touched[habit, default: []].insert(day)
    var entry = entry(habit, day)
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

  /// Whether the rule lets the day be skipped now.
  func canSkip(_ habit: HabitID, _ day: Day) -> Bool { entry(habit, day).thousandths == 0 }

  func setSkipped(_ habit: HabitID, _ day: Day, _ skipped: Bool) {
    guard !skipped || canSkip(habit, day) else { return }
    update(habit, day) { $0.skipped = skipped }
  }

  func setNote(_ habit: HabitID, _ day: Day, _ note: String) {
    update(habit, day) { $0.note = note }
  }

  func moveStart(_ habit: HabitID, to day: Day) {
    entries[habit] = entries[habit]?.filter { $0.key >= day }
  }

  func savePlace(_ id: PlaceID, _ place: SeenPlace) { places[id] = place }

  /// Marks a day as explained by a loss already reported.
  func explain(_ habit: HabitID, _ day: Day) { explained.insert(habit.rawValue + "/" + day.iso) }

  func isExplained(_ habit: HabitID, _ day: Day) -> Bool {
    explained.contains(habit.rawValue + "/" + day.iso)
  }

  /// The entries and places as they stand (a backup of the model).
  struct Snapshot: Sendable {
    let entries: [HabitID: [Day: SeenEntry]]
    let places: [PlaceID: SeenPlace]
  }

  func snapshot() -> Snapshot { Snapshot(entries: entries, places: places) }

  /// "Replace everything" with a backup: the account becomes what the backup saved.
  func restore(_ snapshot: Snapshot) {
    for (habit, days) in entries {
      for day in days.keys { touched[habit, default: []].insert(day) }
    }
    entries = snapshot.entries
    places = snapshot.places
  }

  /// Every day any intent touched, in order.
  func days(_ habit: HabitID) -> [Day] { (touched[habit] ?? []).sorted() }
}
