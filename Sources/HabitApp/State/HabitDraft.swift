public import HabitCore

/// The add/edit form as the person fills it in: text as typed, so nothing they enter is lost
/// while it is not yet valid.
public struct HabitDraft: Hashable, Sendable {
  public var editing: HabitID?
  public var kind: HabitKind = .habit
  public var title = ""
  public var description = ""
  public var category = ""
  public var scheduleKind = "everyDay"
  public var weekdays = WeekdaySet.everyDay
  public var interval = "2"
  public var perWeek = "3"
  public var perMonth = "10"
  public var measureKind = "done"
  public var step = "1"
  public var countTarget = "1"
  public var quantityTarget = ""
  public var unit = ""
  public var direction = Direction.build
  public var start: String
  public var goalKind = "forever"
  public var goalCount = "30"
  public var emoji = ""
  public var color = HabitColor.palette[0].hex
  public var timeOfDay = TimeOfDay.anytime
  /// Shows the field errors once the person tried to save, or typed a name.
  public var triedToSave = false
  public var titleTouched = false
  public var newCategoryName = ""
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
    switch habit.schedule {
    case .everyDay: scheduleKind = "everyDay"
    case .weekdays(let set):
      scheduleKind = "weekdays"
      weekdays = set
    case .everyNDays(let n):
      scheduleKind = "everyNDays"
      interval = String(n)
    case .timesPerWeek(let n):
      scheduleKind = "timesPerWeek"
      perWeek = String(n)
    case .timesPerMonth(let n):
      scheduleKind = "timesPerMonth"
      perMonth = String(n)
    }
    switch habit.measure {
    case .done: measureKind = "done"
    case .count(let s, let t):
      measureKind = "count"
      step = String(s)
      countTarget = String(t)
    case .quantity(let t, let u):
      measureKind = "quantity"
      quantityTarget = t.text
      unit = u
    }
    direction = habit.direction
    switch habit.goal {
    case .forever: goalKind = "forever"
    case .days(let n):
      goalKind = "days"
      goalCount = String(n)
    case .weeks(let n):
      goalKind = "weeks"
      goalCount = String(n)
    case .months(let n):
      goalKind = "months"
      goalCount = String(n)
    }
    emoji = habit.emoji
    color = habit.color.hex
    timeOfDay = habit.timeOfDay
    originalStart = habit.startDay
  }

  /// Whether the required fields have something in them (Save is enabled).
  public var hasRequiredFields: Bool {
    !Text.trimmed(title).isEmpty && !category.isEmpty
  }

  public var titleLength: Int { Text.length(Text.trimmed(title)) }

  /// Whether to point out what is missing (after a save attempt or once the name was typed).
  public var showsMissing: Bool { triedToSave || titleTouched }

  /// The habit the form describes, or the problems to fix (in form order, in words).
  public func habit(id: HabitID, order: Int, base: Habit?, in tracker: Tracker) -> (
    Habit?, [HabitError]
  ) {
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
    switch scheduleKind {
    case "weekdays": habit.schedule = .weekdays(weekdays)
    case "everyNDays": habit.schedule = .everyNDays(number(interval))
    case "timesPerWeek": habit.schedule = .timesPerWeek(number(perWeek))
    case "timesPerMonth": habit.schedule = .timesPerMonth(number(perMonth))
    default: habit.schedule = .everyDay
    }
    switch measureKind {
    case "count": habit.measure = .count(step: number(step), target: number(countTarget))
    case "quantity":
      habit.measure = .quantity(
        target: Amount(parsing: Text.trimmed(quantityTarget)) ?? .zero, unit: unit)
    default: habit.measure = .done
    }
    habit.direction = direction
    if let day = Day(iso: start) { habit.startDay = day }
    switch goalKind {
    case "days": habit.goal = .days(number(goalCount))
    case "weeks": habit.goal = .weeks(number(goalCount))
    case "months": habit.goal = .months(number(goalCount))
    default: habit.goal = .forever
    }
    habit.emoji = emoji
    habit.color = HabitColor(hex: color) ?? HabitColor.palette[0]
    habit.timeOfDay = timeOfDay
    let problems = habit.problems(in: tracker)
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
    case "newCategoryName": newCategoryName = value
    default: break
    }
  }
}
