import HabitCLI
import HabitCore
import Testing

/// `habit done read yesterday`: the day may follow the habit, as issue 14 asks.
@Suite struct DoneDayArgumentTests {
  @Test func aDayAfterTheHabitMarksThatDay() async throws {
    let cli = CLIHarness(today: Day(iso: "2026-11-23")!)
    await cli.succeed("add", "Read", "--start", "2026-11-01")
    await cli.succeed("done", "read", "yesterday")
    await cli.succeed("done", "read", "2026-11-20")
    let stored = try await cli.storedTracker()
    let habit = try #require(stored.habits.values.first)
    #expect(stored.log(habit.id)[Day(iso: "2026-11-22")!]?.value == Amount(1))
    #expect(stored.log(habit.id)[Day(iso: "2026-11-20")!]?.value == Amount(1))
    #expect(stored.log(habit.id)[cli.today] == nil)
  }

  @Test func aDayGivenTwiceIsRefusedAndSavesNothing() async throws {
    let cli = CLIHarness(today: Day(iso: "2026-11-23")!)
    await cli.succeed("add", "Read", "--start", "2026-11-01")
    let before = try await cli.storedReplica()
    let twice = await cli.run("done", "read", "yesterday", "--date", "2026-11-20")
    #expect(twice.status != 0)
    #expect(twice.errors.contains("Give the day once"))
    let after = try await cli.storedReplica()
    #expect(after.tracker == before.tracker)
    #expect(after.outbox == before.outbox)
  }
}
