public import HabitCore
public import HabitSync

/// The JSON forms of habits, entries, categories and statistics for the REST API and the command
/// line's `--json` (not the sync wire, which is HabitSync's). Amounts travel as decimal strings ("2.5") so they stay exact.
public enum ResourceCodec {
  // MARK: Habit

  public static func json(_ habit: Habit) -> JSON {
    .object([
      ("id", .string(habit.id.rawValue)),
      ("kind", .string(habit.kind.rawValue)),
      ("title", .string(habit.title)),
      ("description", .string(habit.description)),
      ("category", .string(habit.category.rawValue)),
      ("schedule", json(habit.schedule)),
      ("measure", json(habit.measure)),
      ("direction", .string(habit.direction.rawValue)),
      ("start", .string(habit.startDay.iso)),
      ("goal", json(habit.goal)),
      ("emoji", .string(habit.emoji)),
      ("color", .string(habit.color.hex)),
      ("timeOfDay", .string(habit.timeOfDay.rawValue)),
      ("pinned", .bool(habit.isPinned)),
      ("archived", .bool(habit.isArchived)),
      ("order", .integer(habit.order)),
      ("reminders", json(habit.reminders)),
    ])
  }

  /// Applies the members present in `json` to `habit` (all of them for a new habit, any subset
  /// for an edit). Unknown members and wrong types are refused with their path.
  public static func update(_ habit: inout Habit, from json: JSON, path: String = "habit")
    throws(WireError)
  {
    var reader = try JSONObjectReader(json, path: path)
    if let value = reader.optional("kind") {
      habit.kind = try named(value, path: path + ".kind", HabitKind.self)
    }
    if let value = reader.optional("title") {
      habit.title = try string(value, path: path + ".title")
    }
    if let value = reader.optional("description") {
      habit.description = try string(value, path: path + ".description")
    }
    if let value = reader.optional("category") {
      habit.category = CategoryID(try string(value, path: path + ".category"))
    }
    if let value = reader.optional("schedule") {
      habit.schedule = try schedule(value, path: path + ".schedule")
    }
    if let value = reader.optional("measure") {
      habit.measure = try measure(value, path: path + ".measure")
    }
    if let value = reader.optional("direction") {
      habit.direction = try named(value, path: path + ".direction", Direction.self)
    }
    if let value = reader.optional("start") {
      habit.startDay = try day(value, path: path + ".start")
    }
    if let value = reader.optional("goal") { habit.goal = try goal(value, path: path + ".goal") }
    if let value = reader.optional("emoji") {
      habit.emoji = try string(value, path: path + ".emoji")
    }
    if let value = reader.optional("color") {
      let text = try string(value, path: path + ".color")
      guard let color = HabitColor(hex: text) else {
        throw .invalidValue(path: path + ".color", reason: "use a color written #RRGGBB")
      }
      habit.color = color
    }
    if let value = reader.optional("timeOfDay") {
      habit.timeOfDay = try named(value, path: path + ".timeOfDay", TimeOfDay.self)
    }
    if let value = reader.optional("pinned") {
      habit.isPinned = try bool(value, path: path + ".pinned")
    }
    if let value = reader.optional("archived") {
      habit.isArchived = try bool(value, path: path + ".archived")
    }
    if let value = reader.optional("order") {
      let order = try JSONObjectReader.integer(value, path: path + ".order")
      guard let small = Int(exactly: order), abs(small) <= 1_000_000 else {
        throw .invalidValue(path: path + ".order", reason: "use a whole number up to 1,000,000")
      }
      habit.order = small
    }
    if let value = reader.optional("reminders") {
      habit.reminders = try reminders(value, path: path + ".reminders")
    }
    try reader.finish()
  }

  static func json(_ schedule: Schedule) -> JSON {
    var members: [(String, JSON)] = [("type", .string(schedule.kind.rawValue))]
    switch schedule {
    case .everyDay: break
    case .weekdays(let set):
      members.append(("days", .array(set.weekdays.map { .string(weekdayName($0)) })))
    case .everyNDays(let days): members.append(("days", .integer(days)))
    case .timesPerWeek(let times), .timesPerMonth(let times):
      members.append(("times", .integer(times)))
    case .timesInDays(let times, let days):
      members.append(("times", .integer(times)))
      members.append(("days", .integer(days)))
    }
    return .object(members)
  }

  static func schedule(_ json: JSON, path: String) throws(WireError) -> Schedule {
    var reader = try JSONObjectReader(json, path: path)
    let result: Schedule
    switch try named(reader.required("type"), path: path + ".type", ScheduleKind.self) {
    case .everyDay: result = .everyDay
    case .weekdays:
      result = .weekdays(try weekdays(try reader.required("days"), path: path + ".days"))
    case .everyNDays:
      result = .everyNDays(try smallInteger(reader.required("days"), path: path + ".days"))
    case .timesInDays:
      let times = try smallInteger(reader.required("times"), path: path + ".times")
      result = .timesInDays(
        times: times, days: try smallInteger(reader.required("days"), path: path + ".days"))
    case let kind:
      let times = try smallInteger(reader.required("times"), path: path + ".times")
      result = Schedule(kind, number: times, weekdays: WeekdaySet())
    }
    try reader.finish()
    return result
  }

  static func json(_ measure: Measure) -> JSON {
    var members: [(String, JSON)] = [("type", .string(measure.kind.rawValue))]
    switch measure {
    case .done: break
    case .count(let step, let target):
      members += [("step", .integer(step)), ("target", .integer(target))]
    case .quantity(let target, let unit):
      members += [("target", .string(target.text)), ("unit", .string(unit))]
    }
    return .object(members)
  }

  static func measure(_ json: JSON, path: String) throws(WireError) -> Measure {
    var reader = try JSONObjectReader(json, path: path)
    let result: Measure
    switch try named(reader.required("type"), path: path + ".type", MeasureKind.self) {
    case .done: result = .done
    case .count:
      let step =
        try reader.optional("step").map { (value) throws(WireError) in
          try smallInteger(value, path: path + ".step")
        } ?? 1
      let target =
        try reader.optional("target").map { (value) throws(WireError) in
          try smallInteger(value, path: path + ".target")
        } ?? 1
      result = .count(step: step, target: target)
    case .quantity:
      let target = try amount(try reader.required("target"), path: path + ".target")
      result = .quantity(target: target, unit: try reader.string("unit"))
    }
    try reader.finish()
    return result
  }

  static func json(_ goal: Goal) -> JSON {
    var members: [(String, JSON)] = [("type", .string(goal.kind.rawValue))]
    if let count = goal.length { members.append(("count", .integer(count))) }
    return .object(members)
  }

  static func goal(_ json: JSON, path: String) throws(WireError) -> Goal {
    var reader = try JSONObjectReader(json, path: path)
    let kind = try named(reader.required("type"), path: path + ".type", GoalKind.self)
    let count =
      kind == .forever ? 0 : try smallInteger(reader.required("count"), path: path + ".count")
    try reader.finish()
    return Goal(kind, count: count)
  }

  static func json(_ reminders: Reminders) -> JSON {
    var place = JSON.null
    if let reminder = reminders.place {
      place = .object([
        ("id", .string(reminder.place.rawValue)), ("trigger", .string(reminder.trigger.rawValue)),
      ])
    }
    return .object([
      ("times", .array(reminders.times.map { .string($0.text) })),
      ("weekdays", .array(reminders.weekdays.weekdays.map { .string(weekdayName($0)) })),
      ("place", place),
    ])
  }

  static func reminders(_ json: JSON, path: String) throws(WireError) -> Reminders {
    var reader = try JSONObjectReader(json, path: path)
    var result = Reminders()
    if let value = reader.optional("times") {
      guard case .array(let items) = value else {
        throw .wrongType(path: path + ".times", expected: "an array", found: value.kindName)
      }
      for (index, item) in items.enumerated() {
        let itemPath = path + ".times[" + String(index) + "]"
        guard let time = ClockTime(text: try string(item, path: itemPath)) else {
          throw .invalidValue(path: itemPath, reason: "use a time written HH:mm")
        }
        result.times.append(time)
      }
    }
    if let value = reader.optional("weekdays") {
      result.weekdays = try weekdays(value, path: path + ".weekdays")
    }
    if let value = reader.optional("place"), value != .null {
      var place = try JSONObjectReader(value, path: path + ".place")
      let id = try place.string("id")
      guard RecordID.isValid(id) else {
        throw .invalidValue(path: path + ".place.id", reason: "not a place id")
      }
      let trigger = try named(
        try place.required("trigger"), path: path + ".place.trigger", PlaceReminder.Trigger.self)
      try place.finish()
      result.place = PlaceReminder(place: PlaceID(id), trigger: trigger)
    }
    try reader.finish()
    return result
  }

  // MARK: Entries, categories, agenda

  public static func json(_ entry: Entry, habit: Habit) -> JSON {
    .object([
      ("day", .string(entry.day.iso)),
      ("value", .string(entry.value.text)),
      (
        "done", .bool(habit.isDone(entry))
      ),
      ("skipped", .bool(entry.isSkipped)),
      ("note", .string(entry.note)),
      // Another tracker's explicit "no" or automatic "yes", which no check-in counts.
      ("mark", .string(entry.mark == .none ? "none" : entry.mark.rawValue)),
    ])
  }

  public static func json(_ category: Category) -> JSON {
    .object([
      ("id", .string(category.id.rawValue)), ("name", .string(category.name)),
      ("order", .integer(category.order)),
    ])
  }

  public static func json(_ item: AgendaItem, stats: HabitStats?) -> JSON {
    var members: [(String, JSON)] = [
      ("habit", json(item.habit)),
      ("done", .bool(item.isDone)),
      ("skipped", .bool(item.isSkipped)),
      ("value", .string(item.value.text)),
      ("note", .string(item.entry?.note ?? "")),
    ]
    if let stats { members.append(("currentStreak", json(stats.currentStreak))) }
    return .object(members)
  }

  // MARK: Statistics

  public static func json(_ streak: Streak) -> JSON {
    .object([
      ("length", .integer(streak.length)),
      ("unit", .string(streak.unit.rawValue)),
      ("start", streak.start.map { .string($0.iso) } ?? .null),
      ("end", streak.end.map { .string($0.iso) } ?? .null),
    ])
  }

  public static func json(_ ratio: Ratio) -> JSON {
    .object([
      ("numerator", .integer(ratio.numerator)), ("denominator", .integer(ratio.denominator)),
      ("percent", .integer(ratio.percent)),
    ])
  }

  public static func json(_ stats: HabitStats) -> JSON {
    .object([
      ("currentStreak", json(stats.currentStreak)),
      ("longestStreak", json(stats.longestStreak)),
      ("completionRate", stats.completionRate.map(json) ?? .null),
      ("goalProgress", stats.goalProgress.map(json) ?? .null),
      ("strengthPercent", .integer(stats.strengthPercent)),
      ("metDays", .integer(stats.metDays)),
      ("trackedDays", .integer(stats.trackedDays)),
    ])
  }

  /// The Statistics tab's figures over `statistics.period`, with the heatmap cells of `range`
  /// (any days, independent of the period).
  public static func json(_ statistics: TrackerStatistics, days range: ClosedRange<Day>) -> JSON {
    .object([
      ("period", .string(statistics.period.rawValue)),
      (
        "range",
        statistics.range.map { counted in
          .object([
            ("from", .string(counted.lowerBound.iso)), ("to", .string(counted.upperBound.iso)),
          ])
        } ?? .null
      ),
      ("hasCheckIns", .bool(statistics.hasCheckIns)),
      ("bestStreak", json(statistics.bestStreak)),
      ("bestStreakHabit", statistics.bestStreakHabit.map { .string($0.rawValue) } ?? .null),
      ("perfectDays", .integer(statistics.perfectDays)),
      ("totalCompletions", .integer(statistics.totalCompletions)),
      ("averagePerDay", json(statistics.averagePerDay)),
      ("byWeekday", .array(statistics.byWeekday.map(json))),
      (
        "weeks",
        .array(
          statistics.weeks.map { week in
            .object([
              ("start", .string(week.start.iso)), ("rate", json(week.rate)),
              ("completions", .integer(week.completions)),
            ])
          })
      ),
      (
        "categories",
        .array(
          statistics.categories.map { figure in
            .object([
              ("id", .string(figure.category.rawValue)), ("rate", json(figure.rate)),
              ("completions", .integer(figure.completions)),
            ])
          })
      ),
      (
        "habits",
        .array(
          statistics.habits.map { stats in
            .object([("id", .string(stats.habitID.rawValue)), ("stats", json(stats))])
          })
      ),
      (
        "days",
        .array(
          statistics.heatmap(range).map { cell in
            .object([
              ("day", .string(cell.day.iso)), ("due", .integer(cell.due)),
              ("met", .integer(cell.met)),
              ("level", .integer(cell.level)),
            ])
          })
      ),
    ])
  }

  // MARK: Scalars

  public static func weekdayName(_ weekday: Weekday) -> String {
    switch weekday {
    case .monday: return "monday"
    case .tuesday: return "tuesday"
    case .wednesday: return "wednesday"
    case .thursday: return "thursday"
    case .friday: return "friday"
    case .saturday: return "saturday"
    case .sunday: return "sunday"
    }
  }

  static func weekdays(_ json: JSON, path: String) throws(WireError) -> WeekdaySet {
    guard case .array(let items) = json else {
      throw .wrongType(path: path, expected: "an array of weekday names", found: json.kindName)
    }
    var set = WeekdaySet()
    for (index, item) in items.enumerated() {
      set.insert(
        try enumeration(
          item, path: path + "[" + String(index) + "]",
          Weekday.allCases.map { (weekdayName($0), $0) }))
    }
    return set
  }

  public static func day(_ json: JSON, path: String) throws(WireError) -> Day {
    try JSONObjectReader.day(json, path: path)
  }

  /// An amount as a decimal string ("2.5") or, as a script would write it, a JSON number (its
  /// digits read exactly, never through a floating-point value).
  public static func amount(_ json: JSON, path: String) throws(WireError) -> Amount {
    let text: String
    if case .number(let digits) = json {
      text = digits
    } else {
      text = try string(json, path: path)
    }
    guard let amount = Amount(parsing: text) else {
      throw .invalidValue(path: path, reason: "use a number such as 2 or 2.5 (at most 3 decimals)")
    }
    return amount
  }

  public static func string(_ json: JSON, path: String) throws(WireError) -> String {
    try JSONObjectReader.string(json, path: path)
  }

  public static func bool(_ json: JSON, path: String) throws(WireError) -> Bool {
    guard case .bool(let flag) = json else {
      throw .wrongType(path: path, expected: "true or false", found: json.kindName)
    }
    return flag
  }

  /// An integer of a size a schedule, goal or count can use.
  public static func smallInteger(_ json: JSON, path: String) throws(WireError) -> Int {
    let value = try JSONObjectReader.integer(json, path: path)
    guard value >= -1_000_000_000, value <= 1_000_000_000 else {
      throw .invalidValue(path: path, reason: "the number is out of range")
    }
    return Int(value)
  }

  /// A case from its wire spelling, naming every allowed spelling when it is not one.
  static func named<Value: RawRepresentable & CaseIterable>(
    _ json: JSON, path: String, _: Value.Type
  ) throws(WireError) -> Value where Value.RawValue == String {
    try enumeration(json, path: path, Value.allCases.map { ($0.rawValue, $0) })
  }

  static func enumeration<Value>(_ json: JSON, path: String, _ cases: [(String, Value)])
    throws(WireError)
    -> Value
  {
    let text = try string(json, path: path)
    for (name, value) in cases where name == text { return value }
    var names = ""
    for (index, pair) in cases.enumerated() { names += (index == 0 ? "" : ", ") + pair.0 }
    throw .invalidValue(path: path, reason: "use one of " + names)
  }
}
