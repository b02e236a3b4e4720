import HabitCore
import Testing

/// `habit skip` asks HabitCore's rule, as the web app and REST do: a day holding a check-in is
/// taken back first, never wiped by a skip.
@Suite struct SkipRefusalTests {
  @Test func skippingADayThatHoldsACheckInIsRefusedAndKeepsIt() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read", "--start", "2026-11-01")
    await cli.succeed("add", "Water", "--count", "8", "--start", "2026-11-01")
    await cli.succeed("done", "read")
    await cli.succeed("count", "water", "2", "--yesterday")
    let refused = await cli.run("skip", "read")
    #expect(refused.status == 3)
    #expect(
      refused.errors
        == "habit: \"Read\" has a check-in on \(DayFormat.long(cli.today)): undo the check-in "
        + "first to skip it.\n"
    )
    #expect(await cli.run("skip", "water", "--yesterday").status == 3)
    let stored = try await cli.storedTracker()
    let read = try #require(stored.habits.values.first { $0.title == "Read" })
    let water = try #require(stored.habits.values.first { $0.title == "Water" })
    #expect(stored.log(read.id)[cli.today]?.value == Amount(1))
    #expect(stored.log(water.id)[cli.today.advanced(by: -1)]?.value == Amount(2))
    #expect(stored.log(water.id)[cli.today.advanced(by: -1)]?.isSkipped == false)
    await cli.succeed("undo", "read")
    await cli.succeed("skip", "read")
    #expect(try await cli.storedTracker().log(read.id)[cli.today]?.isSkipped == true)
  }
}
