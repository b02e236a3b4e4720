extension Tracker {
  /// Puts a habit in place as merged replica state says it is. The rules validated it where the
  /// change was made; a replica only mirrors the agreed result, so nothing is checked here.
  public mutating func restore(_ habit: Habit) {
    habits[habit.id] = habit
  }

  /// Removes a habit and its entries from view (deleted, or its category was).
  public mutating func remove(_ id: HabitID) {
    habits[id] = nil
    logs[id] = nil
  }

  /// Puts a day's entry in place for a habit; an empty entry removes the day.
  public mutating func restore(_ entry: Entry, for id: HabitID) {
    logs[id, default: EntryLog()].set(entry)
    if logs[id]?.isEmpty == true { logs[id] = nil }
  }

  /// Puts a habit's whole log in place at once, as a stored copy read back holds it.
  public mutating func restore(_ log: EntryLog, for id: HabitID) {
    logs[id] = log.isEmpty ? nil : log
  }

  /// Puts a category in place (new or changed).
  public mutating func restore(_ category: Category) {
    if let index = categories.firstIndex(where: { $0.id == category.id }) {
      categories[index] = category
    } else {
      categories.append(category)
    }
  }

  public mutating func remove(_ id: CategoryID) {
    categories.removeAll { $0.id == id }
  }

  public mutating func restore(_ place: Place) {
    places[place.id] = place
  }

  public mutating func remove(_ id: PlaceID) {
    places[id] = nil
  }
}
