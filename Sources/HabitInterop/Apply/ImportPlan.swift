import HabitCore
import HabitSync

/// The actions that turn a tracker into one holding a document (merged or replacing), each with
/// the habit, category or place it concerns so a refusal can name it. Only what differs is
/// written, so applying the same document twice changes nothing the second time.
struct ImportPlan {
  private(set) var actions: [Action] = []
  /// For each action, what a refusal names: the habit's title, the category's or place's name.
  private(set) var subjects: [String] = []
  private(set) var summary = ImportSummary()

  init(_ document: ImportDocument, mode: ImportMode, tracker: Tracker) {
    for place in document.places where tracker.places[place.id] != place {
      add(.savePlace(place), place.name)
      summary.placesSaved += 1
    }
    let categoryIDs = planCategories(document.categories, tracker: tracker)
    var nextOrder = tracker.nextOrder
    var kept = Set<String>()
    var keptCategories = Set(categoryIDs.values.map { $0.rawValue })
    for imported in document.habits {
      var habit = imported.habit
      habit.category = categoryIDs[habit.category] ?? habit.category
      habit.startDay = Self.start(of: imported)
      kept.insert(habit.id.rawValue)
      keptCategories.insert(habit.category.rawValue)
      let existing = tracker.habit(habit.id)
      if let existing {
        if mode == .merge { habit = Self.merging(habit, into: existing) }
        if habit.normalized != existing {
          add(.updateHabit(habit), habit.title)
          summary.habitsUpdated += 1
        }
      } else {
        if mode == .merge {
          habit.order = nextOrder
          nextOrder += 1
        }
        add(.addHabit(habit), habit.title)
        summary.habitsAdded += 1
      }
      planEntries(imported.entries, of: habit, log: tracker.log(habit.id), mode: mode)
    }
    guard mode == .replace else { return }
    for habit in tracker.sortedHabits where !kept.contains(habit.id.rawValue) {
      add(.deleteHabit(habit.id), habit.title)
      summary.habitsDeleted += 1
    }
    for category in tracker.sortedCategories where !keptCategories.contains(category.id.rawValue) {
      add(.deleteCategory(category.id), category.name)
      summary.categoriesDeleted += 1
    }
    let places = Set(document.places.map { $0.id.rawValue })
    for place in tracker.places.values.ordered(by: { $0.id < $1.id })
    where !places.contains(place.id.rawValue) {
      add(.deletePlace(place.id), place.name)
      summary.placesDeleted += 1
    }
  }

  /// What a merge makes of a habit the account already holds: the document's fields, except
  /// those it leaves as an import leaves a format that has none (most have no emoji, pin, time
  /// of day, goal, reminders or category), which keep the person's; the person's order; and a
  /// start early enough for the days already kept.
  static func merging(_ imported: Habit, into existing: Habit) -> Habit {
    var habit = imported
    let blank = Habit(
      id: imported.id, title: imported.title, category: ImportDefaults.category,
      startDay: imported.startDay)
    if imported.category == blank.category { habit.category = existing.category }
    if imported.emoji == blank.emoji { habit.emoji = existing.emoji }
    if imported.timeOfDay == blank.timeOfDay { habit.timeOfDay = existing.timeOfDay }
    if imported.isPinned == blank.isPinned { habit.isPinned = existing.isPinned }
    if imported.goal == blank.goal { habit.goal = existing.goal }
    if imported.reminders == blank.reminders { habit.reminders = existing.reminders }
    habit.order = existing.order
    habit.startDay = min(imported.startDay, existing.startDay)
    return habit
  }

  private mutating func add(_ action: Action, _ subject: String) {
    actions.append(action)
    subjects.append(subject)
  }

  /// Maps each document category to the account's: one with the same name (ignoring case) is
  /// that one, one with the same id (renamed since) takes the document's name, and the rest are
  /// added.
  private mutating func planCategories(_ categories: [Category], tracker: Tracker)
    -> [CategoryID: CategoryID]
  {
    var result: [CategoryID: CategoryID] = [:]
    var names: [(folded: String, id: CategoryID)] = tracker.categories.map {
      (Category.nameKey($0.name), $0.id)
    }
    for category in categories {
      let folded = Category.nameKey(category.name)
      if let match = names.first(where: { $0.folded == folded }) {
        result[category.id] = match.id
        continue
      }
      if tracker.category(category.id) != nil {
        add(.renameCategory(category.id, category.name), category.name)
      } else {
        add(.addCategory(category.id, category.name), category.name)
        summary.categoriesAdded += 1
      }
      names.removeAll { $0.id == category.id }
      names.append((folded, category.id))
      result[category.id] = category.id
    }
    return result
  }

  /// A habit starts on its first imported day when that comes before its own start.
  static func start(of imported: ImportedHabit) -> Day {
    min(imported.entries.map { $0.day }.min() ?? imported.habit.startDay, imported.habit.startDay)
  }

  /// What replacing takes away from a habit the account holds: its days with a check-in, skip
  /// or note that the document holds differently, or not at all (`erases`).
  static func daysReplaced(by imported: ImportedHabit, log: EntryLog) -> Int {
    var stored: [Day: Entry] = [:]
    for entry in imported.entries { stored[entry.day] = entry.normalized }
    var habit = imported.habit
    habit.startDay = start(of: imported)
    var days = 0
    for entry in log.entries where !entry.isEmpty {
      if let new = stored[entry.day] {
        if new != entry { days += 1 }
      } else if erases(entry.day, of: habit) {
        days += 1
      }
    }
    return days
  }

  /// Whether replacing takes away a day the account holds and the document does not: the
  /// replace empties it while the habit is active, and the habit's later start drops it
  /// before; only a day after the habit ended stays.
  static func erases(_ day: Day, of habit: Habit) -> Bool {
    day < habit.startDay || habit.isActive(on: day)
  }

  /// Sets every day the document holds that the account holds differently; replacing also
  /// empties the days the document does not hold.
  private mutating func planEntries(
    _ entries: [Entry], of habit: Habit, log: EntryLog, mode: ImportMode
  ) {
    var days = Set<Day>()
    let isSorted = zip(entries, entries.dropFirst()).allSatisfy { $0.day <= $1.day }
    for entry in isSorted ? entries : entries.ordered(by: { $0.day < $1.day }) {
      days.insert(entry.day)
      let stored = entry.normalized
      let current = log[entry.day] ?? Entry(day: entry.day)
      guard stored != current, !stored.isEmpty || mode == .replace else { continue }
      add(.setEntry(habit.id, stored), habit.title)
      summary.daysWritten += 1
    }
    guard mode == .replace else { return }
    for entry in log.entries where !days.contains(entry.day) && Self.erases(entry.day, of: habit) {
      // A day before a later start goes with the habit's update, which drops it.
      if habit.isActive(on: entry.day) {
        add(.setEntry(habit.id, Entry(day: entry.day)), habit.title)
      }
      summary.daysCleared += 1
    }
  }
}
