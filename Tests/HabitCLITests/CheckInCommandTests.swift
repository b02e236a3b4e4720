import Foundation
import HabitCLI
import HabitCore
import Testing

@Suite struct CheckInCommandTests {
  @Test func addThenDoneShowsOnTodayAndIsSavedInTheReplica() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read", "--category", "Health")
    let done = await cli.succeed("done", "read")
    #expect(done.contains("[x] Read"))
    let today = await cli.succeed("today")
    #expect(today.contains("1 of 1 done"))
    #expect(today.contains("1  [x] Read"))
    let stored = try await cli.storedTracker()
    let habit = try #require(stored.habits.values.first)
    #expect(habit.title == "Read")
    #expect(stored.category(habit.category)?.name == "Health")
    #expect(stored.log(habit.id)[cli.today]?.value == Amount(1))
  }

  @Test func undoCountLogSkipAndNoteChangeTheDayAsTheRulesSay() async throws {
    let cli = CLIHarness(today: Day(iso: "2026-11-23")!)
    await cli.succeed("add", "Push-ups", "--count", "50", "--step", "10", "--start", "2026-11-01")
    await cli.succeed(
      "add", "Water", "--quantity", "8", "--unit", "glasses", "--start", "2026-11-01")
    await cli.succeed("add", "Run", "--start", "2026-11-01")
    #expect(await cli.succeed("count", "push", "3").contains("30/50"))
    #expect(await cli.succeed("count", "push", "--", "-1").contains("20/50"))
    #expect(await cli.succeed("log", "water", "2.5", "--yesterday").contains("2.5/8 glasses"))
    await cli.succeed("skip", "run", "--date", "2026-11-20")
    await cli.succeed("note", "run", "rained all day", "--date", "2026-11-20")
    await cli.succeed("done", "run")
    await cli.succeed("undo", "run")
    let stored = try await cli.storedTracker()
    let ids = Dictionary(uniqueKeysWithValues: stored.habits.values.map { ($0.title, $0.id) })
    let pushUps = try #require(ids["Push-ups"])
    let water = try #require(ids["Water"])
    let run = try #require(ids["Run"])
    #expect(stored.log(pushUps)[cli.today]?.value == Amount(20))
    #expect(stored.log(water)[Day(iso: "2026-11-22")!]?.value == Amount(parsing: "2.5"))
    let skipped = try #require(stored.log(run)[Day(iso: "2026-11-20")!])
    #expect(skipped.isSkipped && skipped.note == "rained all day")
    #expect(stored.log(run)[cli.today] == nil)
  }

  @Test func habitsAreNamedByNumberIdOrTitleAndAmbiguityListsTheCandidates() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read")
    await cli.succeed("add", "Reading log")
    await cli.succeed("add", "Stretch")
    let ambiguous = await cli.run("done", "rea")
    #expect(ambiguous.status == 4)
    #expect(ambiguous.errors.contains("could mean 2 habits"))
    #expect(ambiguous.errors.contains("Reading log") && ambiguous.errors.contains("  Read  "))
    // The whole title wins over a longer one it starts.
    #expect(await cli.succeed("done", "read").contains("Read"))
    let list = await cli.succeed("list")
    let line = try #require(list.split(separator: "\n").first { $0.contains("Stretch") })
    let number = String(line.split(separator: " ")[0])
    #expect(await cli.succeed("done", number).contains("[x] Stretch"))
    let stored = try await cli.storedTracker()
    let reading = try #require(stored.habits.values.first { $0.title == "Reading log" })
    #expect(await cli.succeed("done", reading.id.rawValue).contains("[x] Reading log"))
  }

  @Test func badInputIsRefusedInHabitCoresWordsAndSavesNothing() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read")
    let before = try await cli.storedReplica()

    let unknown = await cli.run("done", "Meditate")
    #expect(unknown.status == 4)
    #expect(
      unknown.errors == "habit: No habit is called \"Meditate\". `habit list` shows them all.\n")

    let future = await cli.run("done", "read", "--date", "2026-11-24")
    #expect(future.status == 3)
    #expect(future.errors.contains(HabitError.futureDay(Day(iso: "2026-11-24")!).message))

    let title = String(repeating: "é", count: 38) + "👍🏽"
    let long = await cli.run("add", title)
    #expect(long.status == 3)
    #expect(long.errors.contains(HabitError.titleTooLong(length: 39).message))

    let badDate = await cli.run("done", "read", "--date", "2026-02-30")
    #expect(badDate.status == 3)
    #expect(badDate.errors.contains("is not a day"))

    let badAmount = await cli.run("log", "read", "lots")
    #expect(badAmount.status == 3)
    let wrongMeasure = await cli.run("log", "read", "3")
    #expect(wrongMeasure.errors.contains(HabitError.wrongMeasure.message))

    let after = try await cli.storedReplica()
    #expect(after.tracker == before.tracker)
    #expect(after.outbox == before.outbox)
  }

  @Test func removingAsksAndNoKeepsTheHabit() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read")
    let refused = await cli.run("rm", "read", answers: ["n"])
    #expect(refused.status == 7)
    #expect(try await cli.storedTracker().habits.count == 1)
    await cli.succeed("rm", "read", answers: ["y"])
    #expect(try await cli.storedTracker().habits.isEmpty)
  }

  @Test func editChangesSettingsAndWarnsBeforeDroppingCheckIns() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read", "--start", "2026-11-01")
    await cli.succeed("done", "read", "--date", "2026-11-02")
    await cli.succeed("done", "read", "--date", "2026-11-10")
    let cancelled = await cli.run("edit", "read", "--start", "2026-11-05", answers: ["no"])
    #expect(cancelled.status == 7)
    #expect(cancelled.errors.contains("drops 1 earlier check-ins"))
    await cli.succeed(
      "edit", "read", "--title", "Read 20 pages", "--schedule", "mon,wed,fri", "--start",
      "2026-11-05", "--yes")
    let stored = try await cli.storedTracker()
    let habit = try #require(stored.habits.values.first)
    #expect(habit.title == "Read 20 pages")
    #expect(habit.schedule == .weekdays([.monday, .wednesday, .friday]))
    #expect(stored.log(habit.id).count == 1)
    let badSchedule = await cli.run("edit", "read", "--schedule", "sometimes")
    #expect(badSchedule.status == 3)
    #expect(badSchedule.errors.contains("is not a schedule"))
  }

  /// Loop's "N times in M days" from the command line: shown in the same words, refused with the
  /// same rule as the other faces, and its streak counted in days of met runs.
  @Test func aHabitCanBeDoneTwiceInEveryThreeDays() async throws {
    let cli = CLIHarness(today: Day(iso: "2026-11-09")!)
    await cli.succeed("add", "Stretch", "--schedule", "2 in 3 days", "--start", "2026-11-01")
    for date in [
      "2026-11-01", "2026-11-02", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08",
    ] {
      await cli.succeed("done", "stretch", "--date", date)
    }
    let habit = try #require(try await cli.storedTracker().habits.values.first)
    #expect(habit.schedule == .timesInDays(times: 2, days: 3))
    let shown = await cli.succeed("show", "stretch")
    #expect(shown.contains("2 times in 3 days"))
    #expect(shown.contains("Current streak   9 days"))
    let refused = await cli.run("edit", "stretch", "--schedule", "4-in-3-days")
    #expect(refused.status == 3)
    #expect(refused.errors.contains("4 times in 3 days isn't possible."))
  }
}
