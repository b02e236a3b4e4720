import HabitCore
import HabitSync
import Testing

/// A pause is an ordinary edit: skips that sync like any other, for one habit or every one.
@Suite struct PauseActionTests {
  private let today = day("2026-11-22")

  @Test func aPauseOfEveryHabitSyncsItsSkipsAndResumingTakesThemBack() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(makeHabit()), wall: noon, today: today)
    try phone.perform(.addHabit(makeHabit("h2", title: "Walk")), wall: noon, today: today)
    try phone.perform(.complete("h1", day("2026-11-20")), wall: noon, today: today)
    let paused = try phone.perform(
      .pause(nil, day("2026-11-19"), day("2026-11-21"), true), wall: noon, today: today)
    // Three days for Walk, two for Read (the 20th is marked and stays so).
    #expect(paused.count == 5 && paused.allSatisfy { $0.field.field == "skipped" })
    var laptop = Replica(device: "laptop")
    try laptop.receive(phone.fieldChanges, wall: noon)
    #expect(laptop.tracker == phone.tracker)
    #expect(laptop.tracker.log("h1")[day("2026-11-20")]?.isSkipped == false)
    try phone.perform(
      .pause(nil, day("2026-11-19"), day("2026-11-21"), false), wall: noon, today: today)
    #expect(phone.tracker.log("h2").isEmpty)
    #expect(phone.tracker.log("h1").entries.map(\.day) == [day("2026-11-20")])
  }

  @Test func aRefusedPauseRecordsNothing() throws {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(makeHabit()), wall: noon, today: today)
    let before = phone.outbox.count
    #expect(throws: HabitError.pauseOutOfRange) {
      try phone.perform(
        .pause("h1", day("2026-11-21"), day("2026-11-19"), true), wall: noon, today: today)
    }
    #expect(phone.outbox.count == before)
  }
}
