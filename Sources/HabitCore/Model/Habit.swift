/// One habit with every field a person can set. Entries live in the tracker's `EntryLog`s so that
/// editing a habit never copies its history.
public struct Habit: Hashable, Sendable, Identifiable {
  public let id: HabitID
  public var kind: HabitKind
  public var title: String
  public var description: String
  public var category: CategoryID
  public var schedule: Schedule
  public var measure: Measure
  public var direction: Direction
  public var startDay: Day
  public var goal: Goal
  public var emoji: String
  public var color: HabitColor
  public var timeOfDay: TimeOfDay
  public var isPinned: Bool
  public var isArchived: Bool
  public var order: Int
  public var reminders: Reminders

  public init(
    id: HabitID,
    kind: HabitKind = .habit,
    title: String,
    description: String = "",
    category: CategoryID,
    schedule: Schedule = .everyDay,
    measure: Measure = .done,
    direction: Direction = .build,
    startDay: Day,
    goal: Goal = .forever,
    emoji: String = "",
    color: HabitColor = HabitColor.palette[0],
    timeOfDay: TimeOfDay = .anytime,
    isPinned: Bool = false,
    isArchived: Bool = false,
    order: Int = 0,
    reminders: Reminders = .none
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.description = description
    self.category = category
    self.schedule = schedule
    self.measure = measure
    self.direction = direction
    self.startDay = startDay
    self.goal = goal
    self.emoji = emoji
    self.color = color
    self.timeOfDay = timeOfDay
    self.isPinned = isPinned
    self.isArchived = isArchived
    self.order = order
    self.reminders = reminders
  }

  /// The first day after the goal, or nil when the goal is forever.
  public var endDay: Day? { goal.endDay(start: startDay) }

  /// The schedule the rules apply: an irregular event is open every day.
  public var effectiveSchedule: Schedule {
    kind == .irregularEvent ? .everyDay : schedule
  }

  /// Whether `day` lies in the habit's life: on or after the start and before the goal's end.
  public func isActive(on day: Day) -> Bool {
    guard day >= startDay else { return false }
    if let end = endDay, day >= end { return false }
    return true
  }

  /// Whether the habit's schedule asks for `day` (ignoring archiving).
  public func isScheduled(on day: Day) -> Bool {
    isActive(on: day) && effectiveSchedule.includes(day, start: startDay)
  }

  /// Whether a day's entry shows the habit done: met and not skipped, for a habit to build (a
  /// habit to quit is never "done" by an entry; its entries are slips).
  public func isDone(_ entry: Entry?) -> Bool {
    guard let entry, direction == .build, !entry.isSkipped else { return false }
    return isSuccess(entry.value)
  }

  /// Whether an entry's value meets the day: reached to build, stayed within to quit.
  public func isSuccess(_ value: Amount) -> Bool {
    let threshold = measure.threshold(for: direction)
    switch direction {
    case .build: return value >= threshold && value > .zero
    case .quit: return value <= threshold
    }
  }
}
