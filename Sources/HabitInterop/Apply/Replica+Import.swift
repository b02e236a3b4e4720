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
  func reviving(_ document: ImportDocument) -> ImportDocument {
    var result = document
    var categories: [CategoryID: CategoryID] = [:]
    for index in result.categories.indices {
      let id = result.categories[index].id
      let live = CategoryID(liveID(.category, id.rawValue))
      guard live != id else { continue }
      categories[id] = live
      let category = result.categories[index]
      result.categories[index] = Category(id: live, name: category.name, order: category.order)
    }
    var places: [PlaceID: PlaceID] = [:]
    for index in result.places.indices {
      let id = result.places[index].id
      let live = PlaceID(liveID(.place, id.rawValue))
      guard live != id else { continue }
      places[id] = live
      let place = result.places[index]
      result.places[index] = Place(
        id: live, name: place.name, latitudeMicro: place.latitudeMicro,
        longitudeMicro: place.longitudeMicro, radiusMeters: place.radiusMeters)
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
