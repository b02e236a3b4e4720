import HabitCore
import PropertyBased
import Testing

/// Moving one habit in the all-habits list (drag, or Move up and Move down) as a reorder.
@Suite struct HabitOrderTests {
  private func moved(_ tracker: Tracker, _ id: HabitID, to position: Int) throws -> [String] {
    var result = tracker
    try result.reorder(try tracker.order(moving: id, to: position))
    return result.sortedHabits.map(\.title)
  }

  @Test func aHabitMovesToTheChosenPositionAndTheOthersKeepTheirOrder() throws {
    let tracker = tracker([
      makeHabit("a", title: "A") { $0.order = 0 },
      makeHabit("b", title: "B") { $0.order = 1 },
      makeHabit("c", title: "C") { $0.order = 2 },
      makeHabit("d", title: "D") { $0.order = 3 },
    ])
    #expect(try moved(tracker, "d", to: 0) == ["D", "A", "B", "C"])
    #expect(try moved(tracker, "a", to: 2) == ["B", "C", "A", "D"])
    #expect(try moved(tracker, "b", to: 99) == ["A", "C", "D", "B"])
    #expect(try moved(tracker, "c", to: -5) == ["C", "A", "B", "D"])
    #expect(try moved(tracker, "b", to: 1) == ["A", "B", "C", "D"])
    #expect(throws: HabitError.habitNotFound) { try tracker.order(moving: "zzz", to: 0) }
  }

  @Test func pinnedHabitsStayOnTopAndArchivedOnesMoveAmongThemselves() throws {
    let tracker = tracker([
      makeHabit("p", title: "P") {
        $0.order = 5
        $0.isPinned = true
      },
      makeHabit("a", title: "A") { $0.order = 0 },
      makeHabit("x", title: "X") {
        $0.order = 1
        $0.isArchived = true
      },
      makeHabit("b", title: "B") { $0.order = 2 },
      makeHabit("y", title: "Y") {
        $0.order = 3
        $0.isArchived = true
      },
    ])
    // Above the pinned habit is as high as an unpinned one goes.
    #expect(try moved(tracker, "b", to: 0) == ["P", "B", "X", "A", "Y"])
    #expect(try moved(tracker, "p", to: 2) == ["P", "A", "X", "B", "Y"])
    // Position 0 among the archived habits: Y before X, the active ones untouched.
    #expect(try moved(tracker, "y", to: 0) == ["P", "A", "Y", "B", "X"])
  }

  @Test func aMoveIsAPermutationThatPutsTheHabitWhereAsked() async throws {
    await propertyCheck(
      count: 300, input: Gen.int(in: 0...3).array(of: 1...12), Gen.int(in: -2...14)
    ) { flags, position in
      var habits: [Habit] = []
      for (index, flag) in flags.enumerated() {
        habits.append(
          makeHabit(HabitID("h\(index)"), title: "H\(index)") {
            $0.order = (index * 7) % 5
            $0.isPinned = flag & 1 != 0
            $0.isArchived = flag & 2 != 0
          })
      }
      let tracker = tracker(habits)
      let id = HabitID("h0")
      guard let ids = try? tracker.order(moving: id, to: position) else {
        Issue.record("refused")
        return
      }
      #expect(Set(ids.map(\.rawValue)) == Set(tracker.habits.keys.map(\.rawValue)))
      var result = tracker
      try? result.reorder(ids)
      let before = tracker.sortedHabits.filter { $0.isArchived == habits[0].isArchived }
      let after = result.sortedHabits.filter { $0.isArchived == habits[0].isArchived }
      // Without the moved habit, the list is unchanged; and the habit sits where asked, held
      // inside its pinned or unpinned group.
      #expect(before.map(\.id).filter { $0 != id } == after.map(\.id).filter { $0 != id })
      let pinned = before.filter { $0.isPinned && $0.id != id }.count
      let bounds = habits[0].isPinned ? 0...pinned : pinned...(before.count - 1)
      #expect(
        after.firstIndex { $0.id == id } == min(max(position, bounds.lowerBound), bounds.upperBound)
      )
      // The other list keeps its order.
      #expect(
        tracker.sortedHabits.filter { $0.isArchived != habits[0].isArchived }.map(\.id)
          == result.sortedHabits.filter { $0.isArchived != habits[0].isArchived }.map(\.id))
    }
  }
}

/// Sorting a day's list by time of day (seed 001).
@Suite struct HabitSortTests {
  @Test func sortingByTimeOfDayGoesMorningAfternoonEveningThenAnyTime() {
    let today = day("2026-11-22")
    let tracker = tracker([
      makeHabit("a", title: "Any") { $0.order = 0 },
      makeHabit("e", title: "Evening") {
        $0.order = 1
        $0.timeOfDay = .evening
      },
      makeHabit("m", title: "Morning") {
        $0.order = 2
        $0.timeOfDay = .morning
      },
      makeHabit("f", title: "Afternoon") {
        $0.order = 3
        $0.timeOfDay = .afternoon
      },
    ])
    #expect(
      tracker.agenda(on: today, today: today).map(\.habit.title) == [
        "Any", "Evening", "Morning", "Afternoon",
      ])
    #expect(
      tracker.agenda(on: today, today: today, sort: .timeOfDay).map(\.habit.title) == [
        "Morning", "Afternoon", "Evening", "Any",
      ])
  }
}
