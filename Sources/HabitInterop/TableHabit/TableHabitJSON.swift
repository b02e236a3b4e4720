public import HabitCore

/// Reads Table Habit's JSON export (`{"habits":[…],"groups":[…]}`) into HabitFlow's terms:
/// groups become categories, each habit keeps its colour, kind, goal, frequency, start, reminder
/// and every record (done with its value, skipped, its reason as the note).
public enum TableHabitJSON {
  /// The document the export describes; `today` decides whether a habit's target days still run.
  public static func read(_ file: ImportFile, today: Day) throws(ImportError) -> ImportDocument {
    let json = try JSONFile(file)
    var root = try json.rootFields()
    var document = ImportDocument(format: .tableHabit)
    var categories = CategoryNames(.tableHabit)
    var groups: [String: CategoryID] = [:]
    for var group in try root.objects("groups") {
      let name = Text.trimmed(try group.requiredString("name"))
      let key = try group.string("uuid") ?? name
      groups[key] = categories.id(name, in: &document)
    }
    var titles = TitleSet()
    for var fields in try root.requiredObjects("habits") {
      let name = try titles.read("name", of: &fields)
      let status = try fields.integer("status") ?? 1
      if status == 2 {
        document.approximations.append(
          Approximation(
            habitTitle: name, message: "It is deleted in Table Habit and is not imported."))
        continue
      }
      let created = try fields.wideInteger("create_t")
      let key = try fields.string("uuid") ?? created.map { String($0) } ?? name
      var habit = Habit(
        id: ImportID.habit(.tableHabit, key), title: name, category: ImportDefaults.category,
        startDay: today, order: document.habits.count)
      habit.description = Text.trimmed(try fields.string("desc") ?? "")
      habit.isArchived = status == 3
      habit.direction = try fields.integer("type") == 2 ? .quit : .build
      habit.color = TableHabitColor.color(
        code: try fields.integer("color"), custom: try fields.wideInteger("custom_color"))
      if let group = try fields.string("group_id") {
        guard let id = groups[group] else {
          throw fields.failure(
            "The habit \"" + name + "\" is in group " + group + ", which the file does not define.",
            member: "group_id")
        }
        habit.category = id
      }
      habit.schedule = try TableHabitFrequency.schedule(
        &fields, title: name, approximations: &document.approximations)
      if let text = try fields.string("reminder") {
        habit.reminders = TableHabitReminder.reminders(
          text, title: name, approximations: &document.approximations)
      }
      let records = try TableHabitRecord.read(
        try fields.objects("records"), title: name, approximations: &document.approximations)
      habit.measure = TableHabitMeasure.measure(
        goal: try fields.amount("daily_goal"), extra: try fields.amount("daily_goal_extra"),
        unit: Text.trimmed(try fields.string("daily_goal_unit") ?? ""),
        quit: habit.direction == .quit, values: records.map { $0.value }, title: name,
        approximations: &document.approximations)
      var entries = records
      if case .done = habit.measure {
        for index in entries.indices where entries[index].value > .one {
          entries[index].value = .one
        }
      }
      let first = entries.map { $0.day }.min()
      if let start = try fields.integer("start_date") {
        guard let day = ImportDays.day(daysSince1970: Int64(start)) else {
          throw fields.failure(
            "start_date " + String(start) + " is not a day between the years 1 and 9999.",
            member: "start_date")
        }
        habit.startDay = min(day, first ?? today)
      } else if let first {
        habit.startDay = min(first, today)
      }
      if let days = try fields.integer("target_days"), days >= 1 {
        habit.goal = goal(
          days, of: habit, last: entries.map { $0.day }.max(), today: today,
          approximations: &document.approximations)
      }
      _ = try fields.string("reminder_quest")
      document.habits.append(ImportedHabit(habit: habit, entries: entries))
    }
    return document
  }

  /// Table Habit's target days, as HabitFlow's goal while it still runs; a target that has passed
  /// (Table Habit keeps tracking after it) becomes forever, so no day is cut off.
  private static func goal(
    _ days: Int, of habit: Habit, last: Day?, today: Day, approximations: inout [Approximation]
  ) -> Goal {
    if days <= HabitError.maximumGoalLength {
      let end = habit.startDay.advanced(by: days)
      if end > today && (last.map { $0 < end } ?? true) { return .days(days) }
    }
    approximations.append(
      Approximation(
        habitTitle: habit.title,
        message: "Its target of " + String(days) + " days has passed; its goal is forever."))
    return .forever
  }
}
