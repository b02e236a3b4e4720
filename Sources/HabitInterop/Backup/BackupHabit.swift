public import HabitCore
public import HabitSync

/// A backup's habit: its id, then every field under the name and in the text form the sync
/// gives it (RecordFields, FieldText), and its entries.
enum BackupHabit {
  static func read(_ fields: inout JSONFields) throws(ImportError) -> Habit {
    let id = try BackupReader.id(&fields)
    func parsed<T>(_ name: String, _ parse: (String) -> T?, _ form: String) throws(ImportError)
      -> T
    {
      let text = try fields.requiredString(name)
      guard let value = parse(text) else {
        throw fields.failure("\"" + text + "\" is not " + form + ".", member: name)
      }
      return value
    }
    func flag(_ name: String) throws(ImportError) -> Bool {
      guard let value = try fields.bool(name) else {
        throw fields.failure("is missing.", member: name)
      }
      return value
    }
    return Habit(
      id: HabitID(id),
      kind: try parsed("kind", HabitKind.init(rawValue:), "a kind (habit or event)"),
      title: try fields.requiredString("title"),
      description: try fields.requiredString("description"),
      category: CategoryID(try fields.requiredString("category")),
      schedule: try parsed("schedule", FieldText.schedule, "a schedule"),
      measure: try parsed("measure", FieldText.measure, "a measure"),
      direction: try parsed("direction", Direction.init(rawValue:), "build or quit"),
      startDay: try parsed("start", Day.init(iso:), "a date (yyyy-MM-dd)"),
      goal: try parsed("goal", FieldText.goal, "a goal"),
      emoji: try fields.requiredString("emoji"),
      color: try parsed("color", HabitColor.init(hex:), "a colour (#RRGGBB)"),
      timeOfDay: try parsed("timeOfDay", TimeOfDay.init(rawValue:), "a time of day"),
      isPinned: try flag("pinned"),
      isArchived: try flag("archived"),
      order: try fields.requiredInteger("order"),
      reminders: try parsed("reminders", FieldText.reminders, "reminders"))
  }

  /// An entry: its day, and the value (thousandths), note, skip and mark that differ from none.
  static func entry(_ fields: inout JSONFields) throws(ImportError) -> Entry {
    var entry = Entry(day: try fields.day("day"))
    if let value = try fields.number("value") {
      guard let thousandths = Int64(value) else {
        throw fields.failure(value + " is not a whole number of thousandths.", member: "value")
      }
      entry.value = Amount(thousandths: thousandths)
    }
    entry.note = try fields.string("note") ?? ""
    entry.isSkipped = try fields.bool("skipped") ?? false
    if let mark = try fields.string("mark") {
      guard let parsed = EntryMark(rawValue: mark), parsed != .none else {
        throw fields.failure("\"" + mark + "\" is not a mark (no or auto).", member: "mark")
      }
      entry.mark = parsed
    }
    try fields.finish()
    return entry
  }
}
