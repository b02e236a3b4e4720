extension Tracker {
  /// The order `reorder(_:)` takes to move one habit to `position` in its list: the habits that
  /// share its archive state, in display order. A pinned habit stays among the pinned ones and an
  /// unpinned one after them (display order puts pinned first), so the position is clamped to
  /// its group; every other habit keeps its place.
  public func order(moving id: HabitID, to position: Int) throws(HabitError) -> [HabitID] {
    let moving = try require(id)
    let all = sortedHabits
    var peers: [HabitID] = []
    var pinned = 0
    for habit in all where habit.isArchived == moving.isArchived {
      if habit.id != id { peers.append(habit.id) }
      if habit.isPinned && habit.id != id { pinned += 1 }
    }
    let lowest = moving.isPinned ? 0 : pinned
    let highest = moving.isPinned ? pinned : peers.count
    peers.insert(id, at: min(max(position, lowest), highest))
    var result: [HabitID] = []
    var next = 0
    for habit in all {
      if habit.isArchived == moving.isArchived {
        result.append(peers[next])
        next += 1
      } else {
        result.append(habit.id)
      }
    }
    return result
  }
}
