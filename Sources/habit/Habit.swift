import ArgumentParser
import Foundation
import HabitCLI

/// `habit`: HabitFlow on the command line. With no command in a terminal it shows today.
@main
struct Habit: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      abstract: "HabitFlow: a habit tracker that works offline and syncs.",
      discussion: HabitCLI.discussion,
      subcommands: HabitCLI.commands + serverCommands,
      defaultSubcommand: isatty(STDOUT_FILENO) == 1 ? HabitCLI.defaultCommand : nil)
  }

  /// `habit today` goes straight to the client; everything else through the parser.
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let status = await TodayShortcut.run(arguments, isTerminal: isatty(STDOUT_FILENO) == 1) {
      Foundation.exit(status)
    }
    await main(nil)
  }

  /// The server's commands, listed after the client's. (Add a server subcommand here.)
  static let serverCommands: [any ParsableCommand.Type] = [
    Serve.self, BackupCommand.self,
  ]
}
