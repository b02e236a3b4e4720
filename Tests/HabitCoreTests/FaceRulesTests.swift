import HabitCore
import Testing

/// Rules the faces used to re-derive on their own: slips, the daily average's rounding, and
/// which list a day shows.
@Suite struct FaceRulesTests {
  private let today = day("2026-11-22")

  @Test func aQuitHabitSlipsOnlyPastItsLimitAndNeverOnASkippedDay() throws {
    var tracker = tracker([
      makeHabit("soda", title: "No soda", start: "2026-11-01") { $0.direction = .quit },
      makeHabit("smoke", title: "Fewer cigarettes", start: "2026-11-01") {
        $0.direction = .quit
        $0.measure = .count(step: 1, target: 2)
      },
      makeHabit("read", title: "Read", start: "2026-11-01"),
    ])
    func slipped(_ id: HabitID) -> Bool {
      tracker.agenda(on: today, today: today).first { $0.habit.id == id }?.isSlipped ?? false
    }
    #expect(!slipped("soda"))
    try tracker.complete("soda", on: today, today: today)
    #expect(slipped("soda"))
    try tracker.skip("soda", on: today, today: today, skipped: true)
    #expect(!slipped("soda"))
    try tracker.addCount("smoke", on: today, today: today, times: 2)
    #expect(!slipped("smoke"))
    try tracker.addCount("smoke", on: today, today: today)
    #expect(slipped("smoke"))
    try tracker.complete("read", on: today, today: today)
    #expect(!slipped("read"))
  }

  @Test func theDailyAverageRoundsToHundredthsHalvesUp() {
    #expect(Ratio(10, of: 7).hundredths == 143)
    #expect(Ratio(10, of: 7).twoDecimals == "1.43")
    #expect(Ratio(1, of: 8).hundredths == 13)
    #expect(Ratio(1, of: 8).twoDecimals == "0.13")
    #expect(Ratio(1, of: 20).twoDecimals == "0.05")
    #expect(Ratio(3, of: 1).twoDecimals == "3.00")
    #expect(Ratio(0, of: 0).twoDecimals == "0.00")
  }

  @Test func aChosenDayListsItsAgendaOtherwiseEveryHabitAndArchivedApart() throws {
    var tracker = tracker([
      makeHabit("daily", title: "Daily", start: "2026-11-01"),
      makeHabit("mondays", title: "Mondays", start: "2026-11-01") {
        $0.schedule = .weekdays([.monday])
        $0.order = 1
      },
      makeHabit("old", title: "Old", start: "2026-11-01") { $0.order = 2 },
    ])
    try tracker.setArchived("old", true)
    #expect(HabitListScope(dayChosen: true, archived: false) == .due)
    #expect(HabitListScope(dayChosen: false, archived: false) == .all)
    #expect(HabitListScope(dayChosen: true, archived: true) == .archived)
    func titles(_ scope: HabitListScope) -> [String] {
      tracker.list(scope, on: today, today: today).map(\.habit.title)
    }
    #expect(titles(.due) == ["Daily"])
    #expect(titles(.all) == ["Daily", "Mondays"])
    #expect(titles(.archived) == ["Old"])
  }
}
