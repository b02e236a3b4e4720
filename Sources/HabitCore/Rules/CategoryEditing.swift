extension Tracker {
  /// Adds a category with a unique, non-empty name; it goes last.
  @discardableResult
  public mutating func addCategory(id: CategoryID, name: String) throws(HabitError) -> Category {
    guard category(id) == nil else { throw .categoryNameTaken(Text.trimmed(name)) }
    let clean = try validCategoryName(name, excluding: nil)
    let order = (categories.map { $0.order }.max() ?? -1) + 1
    let created = Category(id: id, name: clean, order: order)
    categories.append(created)
    return created
  }

  public mutating func renameCategory(_ id: CategoryID, to name: String) throws(HabitError) {
    guard let index = categories.firstIndex(where: { $0.id == id }) else {
      throw .categoryNotFound
    }
    categories[index].name = try validCategoryName(name, excluding: id)
  }

  /// What deleting a category would remove, for the confirmation ("3 habits and their history").
  public func deletionImpact(ofCategory id: CategoryID) -> CategoryDeletion {
    let doomed = habits.values.filter { $0.category == id }
    let entries = doomed.reduce(0) { $0 + log($1.id).count }
    return CategoryDeletion(habits: doomed.count, entries: entries)
  }

  /// Deletes a category together with its habits and their entries, as the person confirmed.
  @discardableResult
  public mutating func deleteCategory(_ id: CategoryID) throws(HabitError) -> CategoryDeletion {
    guard let index = categories.firstIndex(where: { $0.id == id }) else {
      throw .categoryNotFound
    }
    let impact = deletionImpact(ofCategory: id)
    for habit in habits.values where habit.category == id {
      habits[habit.id] = nil
      logs[habit.id] = nil
    }
    categories.remove(at: index)
    return impact
  }

  private func validCategoryName(_ name: String, excluding id: CategoryID?) throws(HabitError)
    -> String
  {
    if let problem = TextField.categoryName.problem(required: name) { throw problem }
    let clean = Text.trimmed(name)
    let key = Category.nameKey(clean)
    if categories.contains(where: { $0.id != id && Category.nameKey($0.name) == key }) {
      throw .categoryNameTaken(clean)
    }
    return clean
  }
}

/// What deleting a category removes.
public struct CategoryDeletion: Hashable, Sendable {
  public let habits: Int
  public let entries: Int

  public init(habits: Int, entries: Int) {
    self.habits = habits
    self.entries = entries
  }
}
