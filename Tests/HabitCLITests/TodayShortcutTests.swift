import Foundation
import HabitCore
import HabitTestSupport
import Testing

@testable import HabitCLI

/// `habit today` without the parser prints what the parsed command prints, and leaves anything
/// it does not take to the parser.
@Suite struct TodayShortcutTests {
  typealias Request = TodayShortcut.Request

  @Test func onlyTodaysOwnOptionsTakeTheShortcut() {
    #expect(Request(["today"], isTerminal: false) == Request([], isTerminal: true))
    let full = Request(
      ["today", "--json", "--date", "yesterday", "--data-dir=/tmp/x"], isTerminal: false)
    #expect(full?.json == true && full?.date == "yesterday" && full?.dataDirectory == "/tmp/x")
    #expect(Request(["today", "--date=2026-11-01"], isTerminal: false)?.date == "2026-11-01")
    for arguments in [
      [], ["list"], ["today", "--help"], ["today", "-h"], ["today", "--json", "--json"],
      ["today", "--date"], ["today", "--date", "--json"], ["today", "--json=yes"],
      ["today", "extra"], ["--json"], ["today", "--date", "a", "--date", "b"],
    ] {
      #expect(Request(arguments, isTerminal: false) == nil, "\(arguments)")
    }
  }

  /// Runs the built `habit` and returns its status, standard output and standard error.
  static func habit(_ arguments: [String]) async throws -> (Int32, String, String) {
    let outcome = try await ChildProcess.run(Tmux.habit, arguments)
    return (outcome.termination.status, outcome.output, outcome.errors)
  }

  @Test func theBuiltHabitPrintsWhatTheParsedCommandPrints() async throws {
    try #require(FileManager.default.isExecutableFile(atPath: Tmux.habit), "build habit first")
    let cli = CLIHarness(today: CLIContext.localToday())
    await cli.succeed("add", "Read", "--start", "2026-01-01")
    await cli.succeed("add", "Water", "--quantity", "8", "--unit", "glasses")
    await cli.succeed("done", "read", "--yesterday")
    await cli.succeed("log", "water", "3")
    for arguments in [
      ["today"], ["today", "--json"], ["today", "--date", "yesterday"],
      ["today", "--date=2026-02-01", "--json"],
    ] {
      let parsed = await cli.run(arguments)
      let (status, output, errors) = try await Self.habit(
        arguments + ["--data-dir", cli.folder.path])
      #expect(status == parsed.status && output == parsed.output, "\(arguments)")
      #expect(errors.isEmpty)
    }
    let (status, output, errors) = try await Self.habit([
      "today", "--date", "someday", "--data-dir", cli.folder.path,
    ])
    #expect(status == 3 && output.isEmpty)
    #expect(
      errors
        == "habit: \"someday\" is not a day. Write today, yesterday or a date such as 2026-03-31.\n"
    )
  }
}

@Suite struct ExitStatusTests {
  @Test func aWrongCommandLineLeavesWithTheDocumentedStatusTwo() async throws {
    let cli = CLIHarness()
    let missing = await cli.run("done")
    #expect(missing.status == 2)
    #expect(missing.errors.contains("Missing expected argument '<habit>'"))
    #expect(await cli.run("frobnicate").status == 2)
    try #require(FileManager.default.isExecutableFile(atPath: Tmux.habit), "build habit first")
    let (status, output, errors) = try await TodayShortcutTests.habit([
      "done", "--data-dir", "/nonexistent",
    ])
    #expect(status == 2 && output.isEmpty)
    #expect(errors.contains("Missing expected argument '<habit>'"))
    #expect(try await TodayShortcutTests.habit(["frobnicate"]).0 == 2)
    #expect(try await TodayShortcutTests.habit(["today", "--help"]).0 == 0)
  }
}
