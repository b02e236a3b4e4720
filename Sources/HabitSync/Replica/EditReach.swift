public import HabitCore

/// Which habits' records an edit reads and writes, so a client that keeps its replica on disk
/// can read those (each habit's record with every entry of its, plus the settings) instead of
/// all of it. Nil means every record: categories and places re-project every habit, and some
/// actions name no single habit.
extension Action {
  public var habitsReached: Set<HabitID>? {
    switch self {
    case .addHabit(let habit), .updateHabit(let habit): [habit.id]
    case .deleteHabit(let id), .setPinned(let id, _), .setArchived(let id, _),
      .moveStart(let id, _), .complete(let id, _), .uncomplete(let id, _), .tap(let id, _),
      .addCount(let id, _, _), .logAmount(let id, _, _), .skip(let id, _, _),
      .setNote(let id, _, _), .setEntry(let id, _), .pause(let id?, _, _, _):
      [id]
    case .reorder, .pause(nil, _, _, _), .addCategory, .renameCategory, .deleteCategory,
      .savePlace, .deletePlace:
      nil
    }
  }
}

extension Replica {
  /// The habits whose records merging `changes` reads and writes (see `Action.habitsReached`);
  /// nil when one of them is a category or a place.
  public static func habitsReached(by changes: [Change]) -> Set<HabitID>? {
    var habits = Set<HabitID>()
    var keys = EntryKeyReader()
    for change in changes {
      switch change.entity {
      case .habit: habits.insert(HabitID(change.key))
      case .entry:
        guard let (habit, _) = keys.parts(change.key) else { return nil }
        habits.insert(habit)
      case .setting: break
      case .category, .place: return nil
      }
    }
    return habits
  }
}
