import Foundation
import HabitCLI
import HabitCore
import HabitSync
import Testing

@Suite struct ReadCommandTests {
  /// Three habits over November: Read every day (done 20–23), Gym on Mon/Wed/Fri, Water to 8.
  func seeded() async -> CLIHarness {
    let cli = CLIHarness(today: Day(iso: "2026-11-23")!)
    await cli.succeed("add", "Read", "--start", "2026-11-01", "--emoji", "📚")
    await cli.succeed("add", "Gym", "--schedule", "mon,wed,fri", "--start", "2026-11-01")
    await cli.succeed(
      "add", "Water", "--quantity", "8", "--unit", "glasses", "--start", "2026-11-01", "--category",
      "Health")
    for day in ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"] {
      await cli.succeed("done", "read", "--date", day)
    }
    return cli
  }

  @Test func todayJSONHasTheDocumentedShapeAndHabitCoresStreaks() async throws {
    let cli = await seeded()
    let json = try JSONParser.parse(await cli.succeed("today", "--json"))
    guard case .object(let members) = json else {
      Issue.record("not an object")
      return
    }
    #expect(members.map { $0.0 } == ["day", "due", "done", "habits"])
    #expect(members[0].1 == .string("2026-11-23"))
    #expect(members[1].1 == .number("3"))
    #expect(members[2].1 == .number("1"))
    guard case .array(let habits) = members[3].1, case .object(let read) = habits.first else {
      Issue.record("no habits")
      return
    }
    #expect(read.first { $0.0 == "title" }?.1 == .string("Read"))
    #expect(
      read.first { $0.0 == "streak" }?.1
        == .object([("length", .number("4")), ("unit", .string("days"))]))
  }

  /// `habit today` counts the day as the web app's ring and the statistics do: a weekly quota
  /// only on a day it was done, a skipped habit not at all.
  @Test func todayCountsAWeeklyQuotaOnlyWhenDoneAndLeavesSkipsOut() async throws {
    let cli = CLIHarness(today: Day(iso: "2026-11-23")!)
    await cli.succeed("add", "Gym", "--schedule", "3/week", "--start", "2026-11-01")
    #expect(await cli.succeed("today").contains("· nothing due"))
    await cli.succeed("add", "Read", "--start", "2026-11-01")
    await cli.succeed("skip", "read")
    #expect(await cli.succeed("today").contains("· nothing due"))
    await cli.succeed("done", "gym")
    #expect(await cli.succeed("today").contains("· 1 of 1 done"))
    let json = try JSONParser.parse(await cli.succeed("today", "--json"))
    guard case .object(let members) = json else {
      Issue.record("not an object")
      return
    }
    #expect(members.first { $0.0 == "due" }?.1 == .number("1"))
    #expect(members.first { $0.0 == "done" }?.1 == .number("1"))
  }

  @Test func outputIsPlainWithoutATerminalAndColouredOnOne() async throws {
    let cli = await seeded()
    let plain = await cli.succeed("today")
    #expect(!plain.contains("\u{1B}["))
    #expect(plain.contains("[x]") && plain.contains("streak 4 days"))
    let console = Console.capturing(colors: true)
    let status = await CLIRunner.run(
      ["today"], in: CLIContext(folder: cli.folder, console: console, today: cli.today))
    #expect(status == 0)
    #expect(console.output.contains("\u{1B}[32m✓"))
  }

  @Test func monthShowsEachDaysLevelFromHabitCore() async throws {
    let cli = await seeded()
    let text = await cli.succeed("month", "read")
    #expect(text.contains("📚 Read · November 2026"))
    #expect(text.contains(" 20# 21# 22#"))
    #expect(text.contains(" 19."))
    let json = try JSONParser.parse(await cli.succeed("month", "--json", "--month", "2026-11"))
    guard case .object(let members) = json, case .array(let days)? = members.last?.1 else {
      Issue.record("no days")
      return
    }
    #expect(days.count == 23)
    let tracker = try await cli.storedTracker()
    let expected = tracker.progress(on: Day(iso: "2026-11-23")!, today: cli.today)
    #expect(
      days.last
        == .object([
          ("day", .string("2026-11-23")), ("level", .number(String(expected.level))),
          ("due", .number(String(expected.due))), ("done", .number(String(expected.met))),
        ]))
    let bad = await cli.run("month", "--month", "November")
    #expect(bad.status == 3)
  }

  @Test func showAndStatsPrintHabitCoresFigures() async throws {
    let cli = await seeded()
    let tracker = try await cli.storedTracker()
    let read = try #require(tracker.habits.values.first { $0.title == "Read" })
    let stats = try tracker.stats(for: read.id, today: cli.today)
    let detail = await cli.succeed("show", "read")
    #expect(detail.contains("Current streak   4 days"))
    #expect(detail.contains("Strength         \(stats.strengthPercent)%"))
    let overall = tracker.statistics(today: cli.today)
    let text = await cli.succeed("stats")
    #expect(text.contains("Completions       \(overall.totalCompletions)"))
    #expect(text.contains("Best streak       4 days (Read)"))
  }

  @Test func weekMarksDueDaysOnly() async throws {
    let cli = await seeded()
    let text = await cli.succeed("week")
    let gym = try #require(text.split(separator: "\n").first { $0.contains("Gym") })
    // Monday the 23rd is due and open; nothing after today is marked.
    #expect(gym.hasSuffix("[ ] " + String(repeating: " ", count: 24)))
  }

  @Test func categoriesSearchPinAndArchive() async throws {
    let cli = await seeded()
    await cli.succeed("categories", "add", "Music")
    await cli.succeed("categories", "rename", "music", "Music practice")
    let taken = await cli.run("categories", "add", "health")
    #expect(taken.status == 3)
    #expect(taken.errors.contains(HabitError.categoryNameTaken("health").message))
    await cli.succeed("add", "Piano", "--category", "Music practice")
    let list = await cli.succeed("categories")
    #expect(list.contains("Music practice") && list.contains("1 habit"))
    #expect(await cli.run("categories", "rm", "Music practice", answers: ["n"]).status == 7)
    #expect(await cli.succeed("search", "PIA").contains("Piano"))
    await cli.succeed("pin", "water")
    let today = await cli.succeed("today")
    #expect(today.split(separator: "\n")[1].contains("Water"))
    await cli.succeed("archive", "piano")
    #expect(!(await cli.succeed("list")).contains("Piano"))
    #expect(await cli.succeed("list", "--archived").contains("Piano"))
    #expect(await cli.succeed("search", "piano").contains("Piano"))
    await cli.succeed("categories", "rm", "Music practice", "--yes")
    #expect(try await cli.storedTracker().habits.values.allSatisfy { $0.title != "Piano" })
  }

  @Test func aMissingOrDamagedSnapshotIsRebuiltFromTheReplica() async throws {
    let cli = await seeded()
    let expected = await cli.succeed("today")
    try FileManager.default.removeItem(atPath: cli.folder.snapshot)
    #expect(await cli.succeed("today") == expected)
    try Data("HFSNAP2\ngarbage".utf8).write(to: URL(fileURLWithPath: cli.folder.snapshot))
    #expect(await cli.succeed("today") == expected)
  }
}
