extension Tracker {
  /// Saves a place (new or changed) for location reminders.
  public mutating func savePlace(_ place: Place) throws(HabitError) {
    var clean = place
    clean.name = Text.trimmed(place.name)
    clean.address = Text.trimmed(place.address)
    if let problem = clean.problem { throw problem }
    places[clean.id] = clean
  }

  /// Deletes a place and the location reminders that pointed at it.
  public mutating func deletePlace(_ id: PlaceID) throws(HabitError) {
    guard places[id] != nil else { throw .placeNotFound }
    places[id] = nil
    for habit in habits.values where habit.reminders.place?.place == id {
      habits[habit.id]!.reminders.place = nil
    }
  }
}
