import HabitApp
import HabitCore
import Testing

/// The add/edit form asks HabitCore's rules, so it refuses what REST and sync refuse, with the
/// same errors.
@Suite struct HabitDraftTests {
  private let today = Day(iso: "2026-11-22")!

  private func problems(_ fields: [(String, String)]) -> [HabitError] {
    var draft = HabitDraft(today: today)
    draft.set("title", "Push-ups")
    draft.set("category", "health")
    for (name, value) in fields { draft.set(name, value) }
    return draft.habit(id: "h1", order: 0, base: nil, in: Tracker(), today: today).1
  }

  @Test func theFormRefusesBadInputWithTheRulesErrors() {
    #expect(problems([]).isEmpty)
    #expect(problems([("title", "\u{200B}")]) == [.emptyTitle])
    #expect(problems([("title", "Run\u{0}")]) == [.controlCharacter(.title)])
    #expect(problems([("start", "0001-01-01")]) == [.startOutOfRange(latest: day("2027-11-22"))])
    #expect(
      problems([("description", String(repeating: "d", count: 501))]) == [
        .descriptionTooLong(length: 501)
      ])
  }

  @Test func aCountTypedWithAFractionIsNotAWholeNumber() {
    #expect(problems([("measureKind", "count"), ("countTarget", "1,5")]) == [.countNotWhole])
    #expect(problems([("measureKind", "count"), ("step", "0.5")]) == [.countNotWhole])
    #expect(problems([("measureKind", "count"), ("countTarget", "0")]) == [.countTargetOutOfRange])
    #expect(problems([("measureKind", "count"), ("countTarget", "3")]).isEmpty)
  }

  @Test func theFormsKindFieldsUseHabitCoresSpellings() {
    let habit = Habit(
      id: "h1", title: "Run", category: "health", schedule: .timesPerWeek(3),
      measure: .count(step: 2, target: 10), startDay: today, goal: .weeks(4))
    let draft = HabitDraft(editing: habit)
    #expect(draft.scheduleKind == ScheduleKind.timesPerWeek.rawValue && draft.perWeek == "3")
    #expect(draft.measureKind == MeasureKind.count.rawValue && draft.countTarget == "10")
    #expect(draft.goalKind == GoalKind.weeks.rawValue && draft.goalCount == "4")
    let (saved, problems) = draft.habit(
      id: "h1", order: 0, base: habit, in: Tracker(), today: today)
    #expect(problems.isEmpty && saved == habit)
  }

  /// Loop's "N times in M days" round-trips through the form and is refused by the rule's own
  /// words when the times do not fit the days.
  @Test func theFormHoldsTimesInANumberOfDays() {
    let habit = Habit(
      id: "h1", title: "Stretch", category: "health",
      schedule: .timesInDays(times: 2, days: 3), startDay: today)
    let draft = HabitDraft(editing: habit)
    #expect(draft.scheduleKind == "timesInDays" && draft.inTimes == "2" && draft.interval == "3")
    let (saved, none) = draft.habit(id: "h1", order: 0, base: habit, in: Tracker(), today: today)
    #expect(none.isEmpty && saved == habit)
    #expect(
      problems([("scheduleKind", "timesInDays"), ("inTimes", "5"), ("interval", "4")]) == [
        .timesInDaysOutOfRange(5, days: 4)
      ])
    #expect(
      problems([("scheduleKind", "timesInDays"), ("inTimes", "3"), ("interval", "10")]).isEmpty)
  }

  private func day(_ iso: String) -> Day { Day(iso: iso)! }
}
