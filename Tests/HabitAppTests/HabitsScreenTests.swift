import HabitApp
import HabitCore
import HabitSync
import Testing

private let today = Day(iso: "2026-11-22")!
private let noon: Int64 = 1_795_348_800_000

/// A fresh app past onboarding, with habits added through the editor.
private func app(_ habits: [(String, (inout AppState) -> Void)] = []) -> AppState {
  var state = AppState(replica: Replica(device: "web-test"), today: today, now: noon)
  _ = state.handle(.onboardDone)
  for (title, configure) in habits {
    _ = state.handle(.openAdd)
    _ = state.handle(.draft(field: "title", value: title))
    _ = state.handle(.draft(field: "category", value: "health"))
    configure(&state)
    _ = state.handle(.save)
  }
  return state
}

private func id(_ state: AppState, _ title: String) -> HabitID {
  state.tracker.sortedHabits.first { $0.title == title }!.id
}

/// The habits screen: one day everywhere, every habit reachable, a date picker, a sort.
@Suite struct HabitsScreenTests {
  @Test func theTodayFilterGivesWayToAllWhenAnotherDayIsChosen() {
    var state = app([("Read", { _ in })])
    _ = state.handle(.filter(.today))
    _ = state.handle(.weekPrevious)
    #expect(state.habits.selectedDay == today.advanced(by: -7))
    #expect(state.habits.filter == .all)
    #expect(!Render.page(state).html.contains(">Read<"))
    _ = state.handle(.filter(.today))
    #expect(state.habits.selectedDay == today && state.habits.filter == .today)
    _ = state.handle(.selectDay(today))
    #expect(state.habits.filter == .today)
  }

  @Test func savingAHabitTheDayDoesNotListSaysWhenItIsNextDue() {
    let state = app([
      (
        "Swim",
        {
          $0.handle(.draft(field: "scheduleKind", value: "weekdays"))
          _ = $0.handle(.draftWeekday(.sunday))
        }
      )
    ])
    #expect(state.habits.saved?.nextDue == today.advanced(by: 1))
    #expect(Render.page(state).html.contains(Strings.savedNotListed(today.advanced(by: 1))))
    var later = app([("Piano", { _ = $0.handle(.draft(field: "start", value: "2026-12-05")) })])
    #expect(later.habits.saved?.nextDue == Day(iso: "2026-12-05"))
    _ = later.handle(.search("p"))
    #expect(later.habits.saved == nil)
    let listed = app([("Read", { _ in })])
    #expect(listed.habits.saved == nil)
  }

  @Test func savingAHabitTheFiltersHideSaysWhereToFindIt() {
    var state = app([("Read", { _ in })])
    _ = state.handle(.categoryFilter(CategoryID("work")))
    _ = state.handle(.openAdd)
    _ = state.handle(.draft(field: "title", value: "Swim"))
    _ = state.handle(.draft(field: "category", value: "health"))
    _ = state.handle(.save)
    #expect(state.habits.saved?.nextDue == today)
    #expect(Render.page(state).html.contains(Strings.savedNotListed(today)))
  }

  @Test func allHabitsListsEveryHabitAndMovesOneAsASyncedReorder() {
    var state = app([
      ("Alpha", { _ in }), ("Bravo", { _ in }),
      ("Later", { _ = $0.handle(.draft(field: "start", value: "2027-01-10")) }),
    ])
    _ = state.handle(.habitsView(all: true))
    #expect(Render.page(state).html.contains(">Later<"))
    let effects = state.handle(.move(id(state, "Later"), to: 0))
    #expect(state.tracker.sortedHabits.map(\.title) == ["Later", "Alpha", "Bravo"])
    let later = id(state, "Later").rawValue
    #expect(effects.contains(.persist))
    #expect(
      state.replica.outbox.contains {
        $0.key == later && $0.field.field == "order" && $0.value == .int(0)
      })
    _ = state.handle(.move(id(state, "Later"), to: 99))
    #expect(state.tracker.sortedHabits.map(\.title) == ["Alpha", "Bravo", "Later"])
    #expect(state.handle(.move("nobody", to: 0)) == [])
  }

  @Test func theDatePickerStaysWithinTheAllowedDaysAndClosesOnAChoice() {
    var state = app([("Read", { _ in })])
    _ = state.handle(.picker(YearMonth(year: 2030, month: 1)!))
    #expect(state.habits.picker == YearMonth(year: 2027, month: 11))
    _ = state.handle(.picker(YearMonth(year: 1990, month: 1)!))
    #expect(state.habits.picker == YearMonth(year: 2000, month: 1))
    #expect(Render.page(state).html.contains("January 2000"))
    _ = state.handle(.selectDay(Day(iso: "2000-01-15")!))
    #expect(state.habits.picker == nil && state.habits.selectedDay == Day(iso: "2000-01-15"))
    _ = state.handle(.selectDay(Day(iso: "2031-01-01")!))
    #expect(state.habits.selectedDay == DayRange.latestStart(today: today))
  }

  @Test func sortingByTimeOfDayIsASettingThatSyncs() {
    var state = app([
      ("Evening walk", { _ = $0.handle(.draft(field: "timeOfDay", value: "evening")) }),
      ("Morning run", { _ = $0.handle(.draft(field: "timeOfDay", value: "morning")) }),
    ])
    _ = state.handle(.sort(.timeOfDay))
    #expect(state.habitSort == .timeOfDay)
    #expect(state.replica.outbox.contains { $0.field.record.key == "habitSort" })
    let page = Render.page(state).html
    #expect(page.range(of: "Morning run")!.lowerBound < page.range(of: "Evening walk")!.lowerBound)
  }
}
