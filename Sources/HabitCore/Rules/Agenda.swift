/// One card of a day's list: the habit and how it stands that day.
public struct AgendaItem: Hashable, Sendable {
  public let habit: Habit
  public let entry: Entry?
  /// Met for a habit to build; for one to quit, a day counts as done only once it is over.
  public let isDone: Bool

  public init(habit: Habit, entry: Entry?, isDone: Bool) {
    self.habit = habit
    self.entry = entry
    self.isDone = isDone
  }

  public var isSkipped: Bool { entry?.isSkipped ?? false }
  public var value: Amount { entry?.value ?? .zero }

  /// For a habit to quit: the day holds a slip (more than the limit, not skipped), so every face
  /// marks the same days as slips that the streaks count as broken.
  public var isSlipped: Bool {
    habit.direction == .quit && !isSkipped && !habit.isSuccess(value)
  }
}

/// The main screen's filters, shared by every face's lists.
public struct AgendaFilter: Hashable, Sendable {
  public enum Status: String, CaseIterable, Hashable, Sendable {
    case all
    case done
    case notDone
  }

  public var status: Status
  public var category: CategoryID?
  public var timeOfDay: TimeOfDay?
  /// Matches titles and descriptions, ignoring case and surrounding spaces.
  public var search: String

  public init(
    status: Status = .all, category: CategoryID? = nil, timeOfDay: TimeOfDay? = nil,
    search: String = ""
  ) {
    self.status = status
    self.category = category
    self.timeOfDay = timeOfDay
    self.search = search
  }

  public static let all = AgendaFilter()

  public var isActive: Bool {
    status != .all || category != nil || timeOfDay != nil || !Text.trimmed(search).isEmpty
  }

  public func admits(_ item: AgendaItem) -> Bool {
    switch status {
    case .all: break
    case .done: if !item.isDone { return false }
    case .notDone: if item.isDone { return false }
    }
    if let category, item.habit.category != category { return false }
    if let timeOfDay, item.habit.timeOfDay != timeOfDay { return false }
    let needle = Text.folded(Text.trimmed(search))
    if !needle.isEmpty {
      let haystack = Text.folded(item.habit.title) + "\n" + Text.folded(item.habit.description)
      if !Text.contains(haystack, needle) { return false }
    }
    return true
  }
}

extension Tracker {
  /// The habits `day` lists — scheduled that day, started, goal not over, not archived — pinned
  /// first, then by time of day when `sort` asks, then the person's order. Done or not does not
  /// move a habit: a tap never moves what is under the finger, so a mistaken one is undone in
  /// place.
  public func agenda(
    on day: Day, today: Day, filter: AgendaFilter = .all, sort: HabitSort = .custom
  ) -> [AgendaItem] {
    var items: [AgendaItem] = []
    for habit in habits.values where !habit.isArchived && habit.isScheduled(on: day) {
      let item = self.item(habit, on: day, today: today)
      if filter.admits(item) { items.append(item) }
    }
    return items.ordered { lhs, rhs in
      if lhs.habit.isPinned != rhs.habit.isPinned { return lhs.habit.isPinned }
      if sort == .timeOfDay, lhs.habit.timeOfDay != rhs.habit.timeOfDay {
        return lhs.habit.timeOfDay.rank < rhs.habit.timeOfDay.rank
      }
      return Habit.displayOrder(lhs.habit, rhs.habit)
    }
  }

  /// Every habit (or every archived one), due that day or not, with how it stands on `day`, in
  /// display order: the "all habits" list.
  public func habitList(
    on day: Day, today: Day, archived: Bool = false, filter: AgendaFilter = .all
  )
    -> [AgendaItem]
  {
    sortedHabits.filter { $0.isArchived == archived }.map { item($0, on: day, today: today) }
      .filter { filter.admits($0) }
  }

  /// How one habit stands on `day`.
  public func item(_ habit: Habit, on day: Day, today: Day) -> AgendaItem {
    item(habit, log: log(habit.id), on: day, today: today)
  }

  /// How one habit stands on `day`, its log already at hand. (One copy: the calendar's walk over
  /// a month calls it too.)
  @inline(never)
  func item(_ habit: Habit, log: EntryLog, on day: Day, today: Day) -> AgendaItem {
    let entry = log[day]
    let value = entry?.value ?? .zero
    let skipped = entry?.isSkipped ?? false
    let done: Bool
    switch habit.direction {
    case .build: done = habit.isDone(entry)
    case .quit: done = !skipped && day < today && habit.isSuccess(value)
    }
    return AgendaItem(habit: habit, entry: entry, isDone: done)
  }
}
