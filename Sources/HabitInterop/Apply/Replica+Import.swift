public import HabitCore
public import HabitSync

extension Replica {
  /// Writes a document into the account through HabitCore's rules, so an import validates and
  /// syncs like any edit; all or nothing: one refusal leaves the replica as it was.
  @discardableResult
  public mutating func apply(_ document: ImportDocument, mode: ImportMode, wall: Int64, today: Day)
    throws(ImportError) -> ImportSummary
  {
    let plan = ImportPlan(reviving(document), mode: mode, tracker: tracker)
    var copy = self
    let changes: [Change]
    do {
      changes = try copy.perform(plan.actions, wall: wall, today: today)
    } catch {
      throw ImportError(file: plan.subjects[error.index], message: error.error.message)
    }
    self = copy
    var summary = plan.summary
    summary.changes = changes.count
    return summary
  }

  /// The document with a next id for every habit, category or place the person deleted since an
  /// earlier import: a deletion outranks any later edit of the same record, so importing the
  /// file again would otherwise bring nothing back.
  /// A habit in a category the account no longer has and the file does not declare (a default
  /// one an earlier "replace everything" deleted) brings that category back, under a next id.
  func reviving(_ document: ImportDocument) -> ImportDocument {
    var result = document
    var declared = Set(document.categories.map { $0.id })
    var order = (tracker.sortedCategories.map { $0.order }.max() ?? -1) + 1
    for imported in document.habits {
      let id = imported.habit.category
      guard !declared.contains(id), tracker.category(id) == nil else { continue }
      let name = Category.defaults.first { $0.id == id }?.name ?? id.rawValue
      result.categories.append(Category(id: id, name: name, order: order))
      declared.insert(id)
      order += 1
    }
    let declaredCategories = result.categories
    let categories = liveIDs(declaredCategories.map { $0.id }, .category)
    result.categories = declaredCategories.map { category in
      categories[category.id].map { Category(id: $0, name: category.name, order: category.order) }
        ?? category
    }
    let places = liveIDs(document.places.map { $0.id }, .place)
    result.places = document.places.map { place in
      places[place.id].map {
        Place(
          id: $0, name: place.name, latitudeMicro: place.latitudeMicro,
          longitudeMicro: place.longitudeMicro, radiusMeters: place.radiusMeters,
          address: place.address)
      } ?? place
    }
    for index in result.habits.indices {
      var habit = result.habits[index].habit
      habit = habit.withID(HabitID(liveID(.habit, habit.id.rawValue)))
      habit.category = categories[habit.category] ?? habit.category
      if let place = habit.reminders.place, let live = places[place.place] {
        habit.reminders.place?.place = live
      }
      result.habits[index].habit = habit
    }
    return result
  }

  /// The ids among `ids` whose records the person deleted, each with its next live id.
  private func liveIDs<Owner>(_ ids: [Identifier<Owner>], _ entity: Entity)
    -> [Identifier<Owner>: Identifier<Owner>]
  {
    var result: [Identifier<Owner>: Identifier<Owner>] = [:]
    for id in ids {
      let live = Identifier<Owner>(liveID(entity, id.rawValue))
      if live != id { result[id] = live }
    }
    return result
  }

  /// `id`, or `id-2`, `id-3`, … : the first whose record the person has not deleted.
  private func liveID(_ entity: Entity, _ id: String) -> String {
    var candidate = id
    var generation = 1
    while let fields = records[RecordKey(entity, candidate)], RecordFields.isDeleted(fields) {
      generation += 1
      candidate = id + "-" + String(generation)
    }
    return candidate
  }
}

extension Habit {
  /// The same habit under another id.
  fileprivate func withID(_ id: HabitID) -> Habit {
    guard id != self.id else { return self }
    return Habit(
      id: id, kind: kind, title: title, description: description, category: category,
      schedule: schedule, measure: measure, direction: direction, startDay: startDay, goal: goal,
      emoji: emoji, color: color, timeOfDay: timeOfDay, isPinned: isPinned,
      isArchived: isArchived, order: order, reminders: reminders)
  }
}
