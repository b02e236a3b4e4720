public import HabitCore

/// How each record turns into fields and back. Encoding lists every field; decoding tolerates
/// missing optional fields (a first sync may deliver a record's fields over several pages) but
/// not a missing required one.
public enum RecordFields {
  public static let habitFields: Set<String> = [
    "kind", "title", "description", "category", "schedule", "measure", "direction", "start", "goal",
    "emoji", "color", "timeOfDay", "pinned", "archived", "order", "reminders", Merge.deletedField,
  ]
  public static let categoryFields: Set<String> = ["name", "order", Merge.deletedField]
  public static let placeFields: Set<String> = [
    "name", "address", "latitude", "longitude", "radius", Merge.deletedField,
  ]
  /// Entries also have each device's runs added to the value: `add.<device>-<n>` of count taps,
  /// `log.<device>-<n>` of amounts logged, so what two devices log apart both counts.
  public static let entryFields: Set<String> = ["value", "note", "skipped", "mark"]
  public static let entryCounterPrefix = "add."
  public static let entryAmountPrefix = "log."
  public static let settingFields: Set<String> = ["value"]

  public static func encode(_ habit: Habit) -> [(String, FieldValue)] {
    [
      ("kind", .text(habit.kind.rawValue)),
      ("title", .text(habit.title)),
      ("description", .text(habit.description)),
      ("category", .text(habit.category.rawValue)),
      ("schedule", .text(FieldText.schedule(habit.schedule))),
      ("measure", .text(FieldText.measure(habit.measure))),
      ("direction", .text(habit.direction.rawValue)),
      ("start", .text(habit.startDay.iso)),
      ("goal", .text(FieldText.goal(habit.goal))),
      ("emoji", .text(habit.emoji)),
      ("color", .text(habit.color.hex)),
      ("timeOfDay", .text(habit.timeOfDay.rawValue)),
      ("pinned", .bool(habit.isPinned)),
      ("archived", .bool(habit.isArchived)),
      ("order", .int(Int64(habit.order))),
      ("reminders", .text(FieldText.reminders(habit.reminders))),
    ]
  }

  /// The habit a record's fields describe, or nil while a required field has not arrived.
  public static func habit(id: String, _ fields: FieldStates) -> Habit? {
    guard let title = fields["title"]?.value.text,
      let category = fields["category"]?.value.text,
      let startText = fields["start"]?.value.text, let start = Day(iso: startText)
    else { return nil }
    var habit = Habit(
      id: HabitID(id), title: title, category: CategoryID(category), startDay: start)
    if let kind = fields["kind"]?.value.text.flatMap(HabitKind.init(rawValue:)) {
      habit.kind = kind
    }
    if let text = fields["description"]?.value.text { habit.description = text }
    if let schedule = fields["schedule"]?.value.text.flatMap(FieldText.schedule) {
      habit.schedule = schedule
    }
    if let measure = fields["measure"]?.value.text.flatMap(FieldText.measure) {
      habit.measure = measure
    }
    if let direction = fields["direction"]?.value.text.flatMap(Direction.init(rawValue:)) {
      habit.direction = direction
    }
    if let goal = fields["goal"]?.value.text.flatMap(FieldText.goal) { habit.goal = goal }
    if let emoji = fields["emoji"]?.value.text { habit.emoji = emoji }
    if let color = fields["color"]?.value.text.flatMap(HabitColor.init(hex:)) {
      habit.color = color
    }
    if let time = fields["timeOfDay"]?.value.text.flatMap(TimeOfDay.init(rawValue:)) {
      habit.timeOfDay = time
    }
    if let pinned = fields["pinned"]?.value.bool { habit.isPinned = pinned }
    if let archived = fields["archived"]?.value.bool { habit.isArchived = archived }
    if let order = fields["order"]?.value.int { habit.order = Int(clamping: order) }
    if let reminders = fields["reminders"]?.value.text.flatMap(FieldText.reminders) {
      habit.reminders = reminders
    }
    return habit
  }

  public static func encode(_ category: Category) -> [(String, FieldValue)] {
    [("name", .text(category.name)), ("order", .int(Int64(category.order)))]
  }

  /// A category's fields over its default (the seven defaults exist without any field).
  public static func category(id: String, _ fields: FieldStates, base: Category?)
    -> Category?
  {
    guard let name = fields["name"]?.value.text ?? base?.name else { return nil }
    let order = fields["order"]?.value.int.map { Int(clamping: $0) } ?? base?.order ?? 0
    return Category(id: CategoryID(id), name: name, order: order)
  }

  public static func encode(_ place: Place) -> [(String, FieldValue)] {
    [
      ("name", .text(place.name)), ("latitude", .int(Int64(place.latitudeMicro))),
      ("longitude", .int(Int64(place.longitudeMicro))), ("radius", .int(Int64(place.radiusMeters))),
      ("address", .text(place.address)),
    ]
  }

  public static func place(id: String, _ fields: FieldStates) -> Place? {
    guard let name = fields["name"]?.value.text, let latitude = fields["latitude"]?.value.int,
      let longitude = fields["longitude"]?.value.int
    else { return nil }
    return Place(
      id: PlaceID(id), name: name, latitudeMicro: Int(clamping: latitude),
      longitudeMicro: Int(clamping: longitude),
      radiusMeters: Int(clamping: fields["radius"]?.value.int ?? 100),
      address: fields["address"]?.value.text ?? "")
  }

  /// An entry's value: the set value, then its runs of taps and amounts (`entryTotal`).
  public static func entry(day: Day, _ fields: FieldStates) -> Entry {
    let total = entryTotal(fields)
    return Entry(
      day: day, value: Amount(thousandths: max(0, total)),
      note: fields["note"]?.value.text ?? "",
      isSkipped: skipHolds(fields, total: total),
      mark: fields["mark"]?.value.text.flatMap(EntryMark.init(rawValue:)) ?? .none)
  }

  /// Whether the day reads as skipped: a skip holds until a later check-in or un-skip clears it
  /// (every check-in writes the skip field, so one made after a skip it had not seen still takes
  /// it away), and a day that holds a value shows the value (a day is never both). Taking a
  /// check-in back never clears a skip: one made on another device after that check-in stands.
  static func skipHolds(_ fields: FieldStates, total: Int64) -> Bool {
    fields["skipped"]?.value == .bool(true) && total <= 0
  }

  /// The fields that make up the day's value: the set value and its runs.
  static func isValueField(_ name: String) -> Bool {
    name == "value" || name.hasPrefix(entryCounterPrefix) || name.hasPrefix(entryAmountPrefix)
  }

  /// The entry's value before it is shown: the set value and older versions' device totals,
  /// then every run of taps and logged amounts in the order they were made, never below zero on
  /// the way. Two devices that take back the one unit they both saw take it back once, as one
  /// person tapping would, and a tap made after that shows (a plain sum went below zero, and
  /// swallowed the tap).
  static func entryTotal(_ fields: FieldStates) -> Int64 {
    entryRuns(fields).total
  }

  /// The entry's value before it is shown and how many runs it holds. Each pass adds
  /// the runs with the oldest stamp not yet added: no array and no sort, which cost the web app's
  /// first load 1.4 KB, and most days hold a few runs. Runs with one stamp (only a faulty
  /// client writes them) are added together, so every replica shows the same whatever order
  /// its fields are held in. Totals older versions kept per device come first, summed as they
  /// were shown then.
  @inline(never) static func entryRuns(_ fields: FieldStates) -> (total: Int64, runs: Int) {
    var total = fields["value"]?.value.int ?? 0
    var runs = 0
    var previous: Stamp? = nil
    while true {
      // The oldest stamp after `previous`, and what its runs add up to.
      var next: Stamp? = nil
      var amount: Int64 = 0
      for (name, state) in fields where isRun(name) {
        let value = state.value.int ?? 0
        let older = isOlderTotal(name, state.stamp)
        if previous == nil {
          runs += 1
          if older { total += value }
        }
        if older { continue }
        if let previous, !precedes(previous, state.stamp) { continue }
        if let current = next, !precedes(state.stamp, current) {
          if !precedes(current, state.stamp) { amount += value }
          continue
        }
        next = state.stamp
        amount = value
      }
      total = max(0, total)
      guard let next else { return (total, runs) }
      total += amount
      previous = next
    }
  }

  /// Stamp order, with device ids (letters, digits, '-', '_') compared as the merge's text does.
  private static func precedes(_ lhs: Stamp, _ rhs: Stamp) -> Bool {
    if lhs.wall != rhs.wall { return lhs.wall < rhs.wall }
    if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
    return lhs.device < rhs.device
  }

  /// Whether an entry's field is a run of taps or amounts (or a total older versions kept)
  /// rather than its set value.
  public static func isRun(_ name: String) -> Bool {
    name != "value" && isValueField(name)
  }

  /// Whether a run field is a total an older version kept per device (`add.<device>` or
  /// `log.<device>`, which only that device wrote) rather than a run (`add.<device>-<n>`): the
  /// name's length against its writer's id, so the names every version writes stay as they are.
  static func isOlderTotal(_ name: String, _ stamp: Stamp) -> Bool {
    name.utf8.count == entryCounterPrefix.utf8.count + stamp.device.utf8.count
  }

  public static func entryKey(_ habit: HabitID, _ day: Day) -> String {
    habit.rawValue + "/" + day.iso
  }

  /// Splits `<habit id>/<yyyy-MM-dd>`.
  public static func entryKeyParts(_ key: String) -> (HabitID, Day)? {
    let parts = key.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, RecordID.isValid(String(parts[0])), let day = Day(iso: String(parts[1]))
    else { return nil }
    return (HabitID(String(parts[0])), day)
  }

  public static func isDeleted(_ fields: FieldStates) -> Bool {
    fields[Merge.deletedField]?.value == .bool(true)
  }
}
