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

  /// `habit today` goes straight to the client; everything else through the parser, whose
  /// usage errors leave with the documented status 2. Files are created private (umask 077).
  static func main() async {
    // Everything habit writes holds someone's habits: the server's database and SQLite's -wal
    // and -shm files, the client's replica, exports and backups are readable by their owner only.
    umask(0o077)
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let status = await TodayShortcut.run(arguments, isTerminal: isatty(STDOUT_FILENO) == 1) {
      Foundation.exit(status)
    }
    do {
      var command = try parseAsRoot(arguments)
      if var asynchronous = command as? any AsyncParsableCommand {
        try await asynchronous.run()
      } else {
        try command.run()
      }
    } catch {
      let status = CLIRunner.status(ofParser: exitCode(for: error))
      guard status == ExitStatus.usage.rawValue else { Self.exit(withError: error) }
      FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
      Foundation.exit(status)
    }
  }

  /// The server's commands, listed after the client's. (Add a server subcommand here.)
  static let serverCommands: [any ParsableCommand.Type] = [
    Serve.self, BackupCommand.self,
  ]
}
