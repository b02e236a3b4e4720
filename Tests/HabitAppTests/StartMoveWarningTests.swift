import HabitApp
import HabitCore
import HabitSync
import Testing

/// The editor's warning before a later start date counts every day the save deletes, not only
/// the marked ones (issue 26 loss 3).
@Suite struct StartMoveWarningTests {
  private let today = Day(iso: "2026-11-22")!
  private let noon: Int64 = 1_795_348_800_000

  @Test func theWarningCountsNotesSkipsAndNoMarksAsWellAsCheckIns() throws {
    var replica = Replica(device: "web-test")
    let habit = Habit(
      id: "h1", title: "Read", category: "health", startDay: Day(iso: "2026-11-01")!)
    let actions: [Action] = [
      .addHabit(habit),
      .tap("h1", Day(iso: "2026-11-02")!),
      .setNote("h1", Day(iso: "2026-11-03")!, "tired"),
      .skip("h1", Day(iso: "2026-11-04")!, true),
      .setEntry("h1", Entry(day: Day(iso: "2026-11-05")!, mark: .no)),
      .tap("h1", Day(iso: "2026-11-21")!),
    ]
    for action in actions { try replica.perform(action, wall: noon, today: today) }
    var state = AppState(replica: replica, today: today, now: noon, onboarded: true)
    _ = state.handle("open-edit", argument: "h1", value: "")
    _ = state.handle("draft", argument: "start", value: "2026-11-10")
    let html = Render.page(state).html
    #expect(html.contains("removes 4 days of history"))
    #expect(state.tracker.entriesLost(ifStartOf: "h1", movesTo: Day(iso: "2026-11-10")!) == 4)
  }
}
