public import HabitCore

/// The add/edit form as the person fills it in: text as typed, so nothing they enter is lost
/// while it is not yet valid.
public struct HabitDraft: Hashable, Sendable {
  public var editing: HabitID?
  public var kind: HabitKind = .habit
  public var title = ""
  public var description = ""
  public var category = ""
  /// The kind fields hold the wire spellings of `ScheduleKind`, `MeasureKind` and `GoalKind`.
  public var scheduleKind = ScheduleKind.everyDay.rawValue
  public var weekdays = WeekdaySet.everyDay
  public var interval = "2"
  public var perWeek = "3"
  public var perMonth = "10"
  /// "N times in M days": the times as typed (the days are `interval`, as for every N days).
  public var inTimes = "2"
  public var measureKind = MeasureKind.done.rawValue
  public var step = "1"
  public var countTarget = "1"
  public var quantityTarget = ""
  public var unit = ""
  public var direction = Direction.build
  public var start: String
  public var goalKind = GoalKind.forever.rawValue
  public var goalCount = "30"
  public var emoji = ""
  public var color = HabitColor.palette[0].hex
  public var timeOfDay = TimeOfDay.anytime
  /// Reminder times as typed ("21:30"), their weekdays, and the place reminder (a place id, or
  /// empty for none).
  public var reminderTimes: [String] = []
  public var reminderDays = WeekdaySet.everyDay
  public var reminderPlace = ""
  public var reminderTrigger = PlaceReminder.Trigger.arrive
  /// Shows the field errors once the person tried to save, or typed a name.
  public var triedToSave = false
  public var titleTouched = false
  public var newCategoryName = ""
  /// A refused category edit (a name taken, too long), shown next to the category field.
  public var categoryMessage: String?
  public var originalStart: Day?

  public init(today: Day) {
    start = today.iso
  }

  public init(editing habit: Habit) {
    self.init(today: habit.startDay)
    editing = habit.id
    kind = habit.kind
    title = habit.title
    description = habit.description
    category = habit.category.rawValue
    scheduleKind = habit.schedule.kind.rawValue
    switch habit.schedule {
    case .everyDay: break
    case .weekdays(let set): weekdays = set
    case .everyNDays(let n): interval = String(n)
    case .timesPerWeek(let n): perWeek = String(n)
    case .timesPerMonth(let n): perMonth = String(n)
    case .timesInDays(let n, let days):
      inTimes = String(n)
      interval = String(days)
    }
    measureKind = habit.measure.kind.rawValue
    switch habit.measure {
    case .done: break
    case .count(let s, let t):
      step = String(s)
      countTarget = String(t)
    case .quantity(let t, let u):
      quantityTarget = t.text
      unit = u
    }
    direction = habit.direction
    goalKind = habit.goal.kind.rawValue
    if let length = habit.goal.length { goalCount = String(length) }
    emoji = habit.emoji
    color = habit.color.hex
    timeOfDay = habit.timeOfDay
    originalStart = habit.startDay
    reminderScreens?.load(&self, habit.reminders)
  }

  /// Fills the reminder fields from what the habit has.
  public mutating func load(_ reminders: Reminders) {
    reminderTimes = reminders.times.map { $0.text }
    reminderDays = reminders.weekdays
    reminderPlace = reminders.place?.place.rawValue ?? ""
    reminderTrigger = reminders.place?.trigger ?? .arrive
  }

  /// Sets reminder time `index` as typed.
  public mutating func setReminderTime(_ index: Int, _ text: String) {
    if reminderTimes.indices.contains(index) { reminderTimes[index] = text }
  }

  /// Changes the reminders: a time added or removed (`value` its position), a day toggled (its
  /// ISO number), the place (an id) and whether arriving (0) or leaving (1) reminds.
  public mutating func remind(_ field: ReminderField, _ value: String) {
    let number = Int(value) ?? -1
    switch field {
    case .addTime:
      // The first reminder follows the habit's days (chosen weekdays; every day otherwise).
      if reminderTimes.isEmpty, reminderPlace.isEmpty {
        reminderDays = scheduleKind == ScheduleKind.weekdays.rawValue ? weekdays : .everyDay
      }
      reminderTimes.append("")
    case .removeTime:
      if reminderTimes.indices.contains(number) { reminderTimes.remove(at: number) }
    case .remindDay:
      if let day = Weekday(isoNumber: number) { reminderDays.toggle(day) }
    case .place: reminderPlace = value
    case .trigger: reminderTrigger = number == 1 ? .leave : .arrive
    default: break
    }
  }

  /// Whether reminder time `index` is not a time: the form says so next to it and will not save.
  public func reminderTimeIsBad(_ index: Int) -> Bool {
    ClockTime(text: Text.trimmed(reminderTimes[index])) == nil
  }

  /// The reminders as the form holds them (times not yet valid left out).
  public var reminders: Reminders {
    var times: [ClockTime] = []
    for text in reminderTimes {
      if let time = ClockTime(text: Text.trimmed(text)), !times.contains(time) {
        times.append(time)
      }
    }
    return Reminders(
      times: times, weekdays: reminderDays,
      place: reminderPlace.isEmpty
        ? nil : PlaceReminder(place: PlaceID(reminderPlace), trigger: reminderTrigger))
  }

  /// What is wrong with the reminders as typed, in words (the rules check the rest).
  public var reminderProblems: [String] {
    var found: [String] = []
    if reminderTimes.indices.contains(where: reminderTimeIsBad) { found.append(Strings.badTime) }
    if !reminderPlace.isEmpty, reminderTimes.isEmpty, reminderDays.count == 0 {
      found.append(HabitError.reminderWithoutWeekdays.message)
    }
    return found
  }

  /// Whether the required fields have something in them (Save is enabled).
  public var hasRequiredFields: Bool {
    !Text.trimmed(title).isEmpty && !category.isEmpty
  }

  public var titleLength: Int { Text.length(Text.trimmed(title)) }

  /// Whether to point out what is missing (after a save attempt or once the name was typed).
  public var showsMissing: Bool { triedToSave || titleTouched }

  /// The habit the form describes, or the problems to fix (in form order, in words), by
  /// HabitCore's rules: the same ones REST and sync apply. With `today`, the start date's range is
  /// checked too.
  public func habit(id: HabitID, order: Int, base: Habit?, in tracker: Tracker, today: Day? = nil)
    -> (Habit?, [HabitError])
  {
    var habit =
      base
      ?? Habit(
        id: id, title: "", category: "", startDay: Day(iso: start) ?? Day(daysSince1970: 0),
        order: order)
    habit.kind = kind
    habit.title = title
    habit.description = description
    habit.category = CategoryID(category)
    let number = { (text: String) -> Int in Int(Text.trimmed(text)) ?? 0 }
    let schedule = ScheduleKind(rawValue: scheduleKind) ?? .everyDay
    let scheduleNumber: String
    switch schedule {
    case .timesPerWeek: scheduleNumber = perWeek
    case .timesPerMonth: scheduleNumber = perMonth
    case .timesInDays: scheduleNumber = inTimes
    case .everyDay, .weekdays, .everyNDays: scheduleNumber = interval
    }
    habit.schedule = Schedule(
      schedule, number: number(scheduleNumber), days: number(interval), weekdays: weekdays)
    // A count typed with a fraction ("1,5") is not a whole number: say so rather than "at least 1".
    var fractionalCount = false
    switch MeasureKind(rawValue: measureKind) ?? .done {
    case .done: habit.measure = .done
    case .count:
      fractionalCount = [step, countTarget].contains { text in
        Int(Text.trimmed(text)) == nil && Amount(parsing: Text.trimmed(text)) != nil
      }
      habit.measure = .count(step: number(step), target: number(countTarget))
    case .quantity:
      habit.measure = .quantity(
        target: Amount(parsing: Text.trimmed(quantityTarget)) ?? .zero, unit: unit)
    }
    habit.direction = direction
    if let day = Day(iso: start) { habit.startDay = day }
    habit.goal = Goal(GoalKind(rawValue: goalKind) ?? .forever, count: number(goalCount))
    habit.emoji = emoji
    habit.color = HabitColor(hex: color) ?? HabitColor.palette[0]
    habit.timeOfDay = timeOfDay
    // Without the reminder screens (the first-load module) the habit keeps its reminders.
    reminderScreens?.apply(self, &habit)
    let problems = habit.problems(in: tracker, today: today).map { problem in
      fractionalCount && (problem == .countStepNotPositive || problem == .countTargetOutOfRange)
        ? HabitError.countNotWhole : problem
    }
    return (problems.isEmpty ? habit : nil, problems)
  }

  /// Sets one text field by its form name; unknown names change nothing.
  public mutating func set(_ field: String, _ value: String) {
    switch field {
    case "title":
      title = value
      titleTouched = true
    case "description": description = value
    case "category": category = value
    case "kind": kind = HabitKind(rawValue: value) ?? kind
    case "scheduleKind": scheduleKind = value
    case "interval": interval = value
    case "perWeek": perWeek = value
    case "perMonth": perMonth = value
    case "inTimes": inTimes = value
    case "measureKind": measureKind = value
    case "step": step = value
    case "countTarget": countTarget = value
    case "quantityTarget": quantityTarget = value
    case "unit": unit = value
    case "direction": direction = Direction(rawValue: value) ?? direction
    case "start": start = value
    case "goalKind": goalKind = value
    case "goalCount": goalCount = value
    case "emoji": emoji = value
    case "color": color = value
    case "timeOfDay": timeOfDay = TimeOfDay(rawValue: value) ?? timeOfDay
    case "newCategoryName":
      newCategoryName = value
      categoryMessage = nil
    default: break
    }
  }
}
