import HabitCore
import Testing

@Suite struct CheckInTests {
  private let today = day("2026-11-22")

  @Test func completingAndUncompletingADoneHabit() throws {
    var tracker = tracker([makeHabit(start: "2026-11-01")])
    try tracker.complete("h1", on: today, today: today)
    #expect(tracker.log("h1")[today]?.value == .one)
    try tracker.uncomplete("h1", on: today, today: today)
    #expect(tracker.log("h1")[today] == nil)
  }

  @Test func theOneTapButtonTogglesDoneAndCountsUp() throws {
    var tracker = tracker([
      makeHabit("done", start: "2026-11-01"),
      makeHabit("water", start: "2026-11-01") { $0.measure = .count(step: 2, target: 8) },
      makeHabit("run", start: "2026-11-01") {
        $0.measure = .quantity(target: Amount(5), unit: "km")
      },
    ])
    try tracker.tap("done", on: today, today: today)
    #expect(tracker.log("done")[today]?.value == .one)
    try tracker.tap("done", on: today, today: today)
    #expect(tracker.log("done")[today] == nil)
    try tracker.tap("water", on: today, today: today)
    try tracker.tap("water", on: today, today: today)
    #expect(tracker.log("water")[today]?.value == Amount(4))
    #expect(throws: HabitError.wrongMeasure) { try tracker.tap("run", on: today, today: today) }
  }

  @Test func countsAddStepsAndNeverGoBelowZero() throws {
    var tracker = tracker([
      makeHabit(start: "2026-11-01") { $0.measure = .count(step: 1, target: 3) }
    ])
    try tracker.addCount("h1", on: today, today: today, times: 3)
    #expect(tracker.agenda(on: today, today: today).first?.isDone == true)
    try tracker.addCount("h1", on: today, today: today, times: -5)
    #expect(tracker.log("h1")[today] == nil)
    #expect(throws: HabitError.amountTooLarge) {
      try tracker.addCount("h1", on: today, today: today, times: 2_000_000)
    }
  }

  @Test func quantitiesAreLoggedAsAmounts() throws {
    var tracker = tracker([
      makeHabit(start: "2026-11-01") {
        $0.measure = .quantity(target: Amount(thousandths: 2500), unit: "l")
      },
      makeHabit("plain", start: "2026-11-01"),
    ])
    try tracker.logAmount("h1", on: today, today: today, amount: Amount(thousandths: 1500))
    #expect(tracker.agenda(on: today, today: today).first { $0.habit.id == "h1" }?.isDone == false)
    try tracker.logAmount("h1", on: today, today: today, amount: Amount(3))
    #expect(tracker.agenda(on: today, today: today).first { $0.habit.id == "h1" }?.isDone == true)
    #expect(throws: HabitError.amountNegative) {
      try tracker.logAmount("h1", on: today, today: today, amount: Amount(-1))
    }
    #expect(throws: HabitError.wrongMeasure) {
      try tracker.logAmount("plain", on: today, today: today, amount: Amount(1))
    }
    #expect(throws: HabitError.wrongMeasure) { try tracker.addCount("h1", on: today, today: today) }
  }

  @Test func aFutureDayCannotBeMarked() {
    var tracker = tracker([makeHabit(start: "2026-11-01")])
    #expect(throws: HabitError.futureDay(day("2026-11-23"))) {
      try tracker.complete("h1", on: day("2026-11-23"), today: today)
    }
    #expect(tracker.log("h1").isEmpty)
  }

  @Test func daysBeforeTheStartOrAfterTheGoalCannotBeMarked() {
    var tracker = tracker([
      makeHabit("later", start: "2026-12-01"),
      makeHabit("short", start: "2026-11-01") { $0.goal = .days(10) },
    ])
    #expect(throws: HabitError.dayBeforeStart(start: day("2026-12-01"))) {
      try tracker.complete("later", on: today, today: today)
    }
    #expect(throws: HabitError.dayAfterGoal(end: day("2026-11-11"))) {
      try tracker.complete("short", on: day("2026-11-11"), today: today)
    }
    #expect(throws: HabitError.habitNotFound) {
      try tracker.complete("nope", on: today, today: today)
    }
  }

  @Test func skippingClearsTheValueAndKeepsTheNote() throws {
    var tracker = tracker([makeHabit(start: "2026-11-01")])
    try tracker.complete("h1", on: today, today: today)
    try tracker.setNote("h1", on: today, today: today, note: "  felt great ")
    try tracker.skip("h1", on: today, today: today)
    let entry = tracker.log("h1")[today]
    #expect(entry?.isSkipped == true && entry?.value == .zero && entry?.note == "felt great")
    try tracker.skip("h1", on: today, today: today, skipped: false)
    #expect(tracker.log("h1")[today]?.isSkipped == false)
    try tracker.setNote("h1", on: today, today: today, note: "")
    #expect(tracker.log("h1")[today] == nil)
    #expect(throws: HabitError.noteTooLong(length: 501)) {
      try tracker.setNote("h1", on: today, today: today, note: String(repeating: "n", count: 501))
    }
  }

  @Test func movingTheStartLaterDropsEarlierEntriesAfterSayingHowMany() throws {
    var tracker = tracker(
      [makeHabit(start: "2026-11-01")], done: ["h1": days(from: "2026-11-01", count: 10)],
      today: "2026-11-22")
    try tracker.skip("h1", on: day("2026-11-03"), today: today)
    #expect(tracker.entriesLost(ifStartOf: "h1", movesTo: day("2026-11-06")) == 5)
    #expect(tracker.entriesLost(ifStartOf: "h1", movesTo: day("2026-10-01")) == 0)
    let dropped = try tracker.moveStart(of: "h1", to: day("2026-11-06"))
    #expect(dropped == 5)
    #expect(tracker.log("h1").count == 5)
    #expect(tracker.habit("h1")?.startDay == day("2026-11-06"))
  }

  @Test func deletingACategoryReportsAndRemovesItsHabits() throws {
    var tracker = tracker(
      [
        makeHabit("a") { $0.category = "finance" },
        makeHabit("b") { $0.category = "finance" },
        makeHabit("c"),
      ], done: ["a": ["2026-01-01", "2026-01-02"], "c": ["2026-01-01"]])
    let impact = tracker.deletionImpact(ofCategory: "finance")
    #expect(impact == CategoryDeletion(habits: 2, entries: 2))
    #expect(try tracker.deleteCategory("finance") == impact)
    #expect(tracker.habits.keys.sorted() == ["c"])
    #expect(tracker.log("a").isEmpty)
    #expect(tracker.category("finance") == nil)
    #expect(throws: HabitError.categoryNotFound) { try tracker.deleteCategory("finance") }
  }

  @Test func categoriesAreAddedAndRenamedWithUniqueNames() throws {
    var tracker = Tracker()
    #expect(
      tracker.sortedCategories.map(\.name) == [
        "Academic", "Work", "Self", "Health", "Social", "Finance", "Quit a bad habit",
      ])
    let garden = try tracker.addCategory(id: "garden", name: " Garden ")
    #expect(garden.name == "Garden" && tracker.sortedCategories.last == garden)
    #expect(throws: HabitError.categoryNameTaken("health")) {
      try tracker.addCategory(id: "x", name: "health")
    }
    #expect(throws: HabitError.categoryNameEmpty) { try tracker.addCategory(id: "y", name: "  ") }
    #expect(throws: HabitError.categoryNameTooLong(length: 31)) {
      try tracker.addCategory(id: "z", name: String(repeating: "c", count: 31))
    }
    try tracker.renameCategory("garden", to: "Gardening")
    #expect(tracker.category("garden")?.name == "Gardening")
    try tracker.renameCategory("garden", to: "gardening")
    #expect(throws: HabitError.categoryNotFound) { try tracker.renameCategory("nope", to: "N") }
  }

  @Test func deletingAPlaceRemovesTheRemindersThatUsedIt() throws {
    var tracker = Tracker()
    try tracker.savePlace(
      Place(id: "gym", name: " Gym ", latitudeMicro: 52_520_008, longitudeMicro: 13_404_954))
    try tracker.add(
      makeHabit { $0.reminders = Reminders(place: PlaceReminder(place: "gym", trigger: .arrive)) })
    #expect(tracker.places["gym"]?.name == "Gym")
    try tracker.deletePlace("gym")
    #expect(tracker.habit("h1")?.reminders.place == nil)
    #expect(throws: HabitError.placeNotFound) { try tracker.deletePlace("gym") }
    #expect(throws: HabitError.placeNameEmpty) {
      try tracker.savePlace(Place(id: "x", name: "", latitudeMicro: 0, longitudeMicro: 0))
    }
  }

  @Test func deletingAHabitRemovesItsHistory() throws {
    var tracker = tracker([makeHabit()], done: ["h1": ["2026-01-05"]])
    try tracker.deleteHabit("h1")
    #expect(tracker.habits.isEmpty && tracker.logs.isEmpty)
    #expect(throws: HabitError.habitNotFound) { try tracker.deleteHabit("h1") }
  }
}
