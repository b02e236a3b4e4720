public import ArgumentParser
import HabitCore

/// A `habit` subcommand of the client: it runs against a `CLIContext`, so tests hand it a
/// temporary folder, a fixed day and a captured console.
public protocol CLICommand: AsyncParsableCommand {
  var common: CommonOptions { get }
  func execute(_ context: CLIContext) async throws(CLIError)
}

extension CLICommand {
  public func run() async throws {
    try await CLIRunner.execute(self, in: CLIContext.live(dataDirectory: common.dataDirectory))
  }
}

/// Options every client command takes.
public struct CommonOptions: ParsableArguments {
  @Option(
    name: .customLong("data-dir"),
    help: ArgumentHelp(
      "Folder of the local replica (default $HABITFLOW_CLI_DATA_DIR, else $XDG_DATA_HOME/habitflow).",
      valueName: "folder"))
  public var dataDirectory: String?

  public init() {}
}

/// `--json` on read commands: the documented shape instead of text.
public struct OutputOptions: ParsableArguments {
  @Flag(help: "Print JSON (the shape is in `habit help <command>`).") public var json = false

  public init() {}
}

/// The day a check-in is for: today unless `--date` or `--yesterday` says otherwise.
public struct DayOptions: ParsableArguments {
  @Option(help: ArgumentHelp("today, yesterday or YYYY-MM-DD.", valueName: "day"))
  public var date: String?
  @Flag(help: "Mark yesterday (same as --date yesterday).") public var yesterday = false

  public init() {}

  func day(_ context: CLIContext) throws(CLIError) -> Day {
    try DayArgument.parse(yesterday ? "yesterday" : date, today: context.today)
  }
}
