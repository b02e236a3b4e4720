/// Everything one person tracks: categories, habits, their entries and saved places. Every face
/// holds one and changes it only through the rules in this module.
public struct Tracker: Hashable, Sendable {
  public internal(set) var categories: [Category]
  public internal(set) var habits: [HabitID: Habit]
  public internal(set) var logs: [HabitID: EntryLog]
  public internal(set) var places: [PlaceID: Place]

  public init(categories: [Category] = Category.defaults) {
    self.categories = categories
    habits = [:]
    logs = [:]
    places = [:]
  }

  public func habit(_ id: HabitID) -> Habit? { habits[id] }

  public func log(_ id: HabitID) -> EntryLog { logs[id] ?? EntryLog() }

  public func category(_ id: CategoryID) -> Category? {
    categories.first { $0.id == id }
  }

  /// Categories in the order people arranged them.
  public var sortedCategories: [Category] {
    categories.ordered { ($0.order, $0.id) < ($1.order, $1.id) }
  }

  /// Every habit in display order (pinned first, then by order, then title).
  public var sortedHabits: [Habit] {
    habits.values.ordered(by: Habit.displayOrder)
  }

  /// The order the next new habit takes: after every existing one.
  public var nextOrder: Int {
    (habits.values.map { $0.order }.max() ?? -1) + 1
  }

  func require(_ id: HabitID) throws(HabitError) -> Habit {
    guard let habit = habits[id] else { throw .habitNotFound }
    return habit
  }
}

extension Habit {
  /// Pinned first, then the person's order, then title, then id so the order is total.
  public static func displayOrder(_ lhs: Habit, _ rhs: Habit) -> Bool {
    if lhs.isPinned != rhs.isPinned { return lhs.isPinned }
    if lhs.order != rhs.order { return lhs.order < rhs.order }
    if lhs.title != rhs.title { return lhs.title < rhs.title }
    return lhs.id < rhs.id
  }
}
