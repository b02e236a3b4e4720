import HabitCore
import Testing

@Suite struct AgendaTests {
  private let today = day("2026-11-22")

  private func titles(_ tracker: Tracker, on iso: String, filter: AgendaFilter = .all) -> [String] {
    tracker.agenda(on: day(iso), today: today, filter: filter).map(\.habit.title)
  }

  @Test func aDayListsOnlyHabitsItsScheduleAsksFor() {
    let habits = [
      makeHabit("daily", title: "Daily", start: "2026-11-01"),
      makeHabit("mwf", title: "MWF", start: "2026-11-01") {
        $0.schedule = .weekdays([.monday, .wednesday, .friday])
        $0.order = 1
      },
      makeHabit("alt", title: "Every other day", start: "2026-11-20") {
        $0.schedule = .everyNDays(2)
        $0.order = 2
      },
      makeHabit("weekly", title: "Weekly", start: "2026-11-01") {
        $0.schedule = .timesPerWeek(3)
        $0.order = 3
      },
    ]
    let tracker = tracker(habits)
    #expect(titles(tracker, on: "2026-11-20") == ["Daily", "MWF", "Every other day", "Weekly"])
    #expect(titles(tracker, on: "2026-11-21") == ["Daily", "Weekly"])
    #expect(titles(tracker, on: "2026-11-22") == ["Daily", "Every other day", "Weekly"])
  }

  @Test func startGoalEndAndArchivingHideAHabit() throws {
    var tracker = tracker([
      makeHabit("a", title: "Later", start: "2026-11-23"),
      makeHabit("b", title: "Month goal", start: "2026-10-01") { $0.goal = .months(1) },
      makeHabit("c", title: "Archived", start: "2026-01-01"),
    ])
    try tracker.setArchived("c", true)
    #expect(titles(tracker, on: "2026-11-22").isEmpty)
    #expect(titles(tracker, on: "2026-10-31") == ["Month goal"])
    #expect(titles(tracker, on: "2026-11-23") == ["Later"])
    try tracker.setArchived("c", false)
    #expect(titles(tracker, on: "2026-11-22") == ["Archived"])
  }

  @Test func pinnedComeFirstAndMarkingAHabitDoneNeverMovesIt() throws {
    var tracker = tracker([
      makeHabit("a", title: "A") { $0.order = 0 },
      makeHabit("b", title: "B") { $0.order = 1 },
      makeHabit("c", title: "C") { $0.order = 2 },
    ])
    try tracker.complete("a", on: today, today: today)
    #expect(titles(tracker, on: "2026-11-22") == ["A", "B", "C"])
    try tracker.setPinned("c", true)
    #expect(titles(tracker, on: "2026-11-22") == ["C", "A", "B"])
    try tracker.complete("c", on: today, today: today)
    #expect(titles(tracker, on: "2026-11-22") == ["C", "A", "B"])
    try tracker.setPinned("a", true)
    #expect(titles(tracker, on: "2026-11-22") == ["A", "C", "B"])
  }

  @Test func filtersNarrowTheList() throws {
    var tracker = tracker([
      makeHabit("a", title: "Morning run") {
        $0.timeOfDay = .morning
        $0.category = "health"
      },
      makeHabit("b", title: "Budget review") {
        $0.category = "finance"
        $0.description = "Check the bank app"
        $0.order = 1
      },
    ])
    try tracker.complete("a", on: today, today: today)
    #expect(
      titles(tracker, on: "2026-11-22", filter: AgendaFilter(status: .done)) == ["Morning run"])
    #expect(
      titles(tracker, on: "2026-11-22", filter: AgendaFilter(status: .notDone)) == ["Budget review"]
    )
    #expect(
      titles(tracker, on: "2026-11-22", filter: AgendaFilter(category: "finance")) == [
        "Budget review"
      ])
    #expect(
      titles(tracker, on: "2026-11-22", filter: AgendaFilter(timeOfDay: .morning)) == [
        "Morning run"
      ])
    #expect(
      titles(tracker, on: "2026-11-22", filter: AgendaFilter(search: " RUN ")) == ["Morning run"])
    #expect(
      titles(tracker, on: "2026-11-22", filter: AgendaFilter(search: "bank")) == ["Budget review"])
    #expect(titles(tracker, on: "2026-11-22", filter: AgendaFilter(search: "yoga")).isEmpty)
    #expect(!AgendaFilter.all.isActive && AgendaFilter(search: "x").isActive)
  }

  @Test func irregularEventsAreListedEveryDay() {
    let tracker = tracker([
      makeHabit("e", title: "Dentist", start: "2026-11-01") {
        $0.kind = .irregularEvent
        $0.schedule = .weekdays([.monday])
      }
    ])
    #expect(titles(tracker, on: "2026-11-21") == ["Dentist"])
    #expect(titles(tracker, on: "2026-11-22") == ["Dentist"])
  }

  @Test func aQuitHabitTodayStaysOpenAndAPastCleanDayCountsAsDone() throws {
    var tracker = tracker([
      makeHabit("q", title: "No soda", start: "2026-11-01") { $0.direction = .quit }
    ])
    #expect(tracker.agenda(on: today, today: today, filter: .all).first?.isDone == false)
    #expect(tracker.agenda(on: day("2026-11-21"), today: today).first?.isDone == true)
    try tracker.complete("q", on: day("2026-11-21"), today: today)
    #expect(tracker.agenda(on: day("2026-11-21"), today: today).first?.isDone == false)
  }

  @Test func reorderingPutsHabitsInTheGivenOrder() throws {
    var tracker = tracker([
      makeHabit("a", title: "A") { $0.order = 0 },
      makeHabit("b", title: "B") { $0.order = 1 },
      makeHabit("c", title: "C") { $0.order = 2 },
    ])
    try tracker.reorder(["c", "a"])
    #expect(tracker.sortedHabits.map(\.title) == ["C", "A", "B"])
    #expect(throws: HabitError.habitNotFound) { try tracker.reorder(["zzz"]) }
    #expect(tracker.nextOrder == 3)
  }
}
