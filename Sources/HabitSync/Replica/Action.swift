public import HabitCore

/// Every edit a person can make, as the faces ask a replica to perform it. Each maps to one
/// HabitCore rule, which validates it before any change is recorded.
public enum Action: Hashable, Sendable {
  case addHabit(Habit)
  case updateHabit(Habit)
  case deleteHabit(HabitID)
  case setPinned(HabitID, Bool)
  case setArchived(HabitID, Bool)
  case reorder([HabitID])
  case moveStart(HabitID, Day)
  case complete(HabitID, Day)
  case uncomplete(HabitID, Day)
  case tap(HabitID, Day)
  case addCount(HabitID, Day, times: Int)
  case logAmount(HabitID, Day, Amount)
  case skip(HabitID, Day, Bool)
  case setNote(HabitID, Day, String)
  /// Writes one day exactly (value, note, skip and mark), as an import recorded it.
  case setEntry(HabitID, Entry)
  /// Skips every due, unmarked day from the first day through the second (false: takes the
  /// range's skips back), for one habit or, with nil, every habit not archived.
  case pause(HabitID?, Day, Day, Bool)
  case addCategory(CategoryID, String)
  case renameCategory(CategoryID, String)
  case deleteCategory(CategoryID)
  case savePlace(Place)
  case deletePlace(PlaceID)
}
