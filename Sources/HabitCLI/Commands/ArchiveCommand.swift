import ArgumentParser
import HabitCore
import HabitSync

/// `habit archive HABIT`: hides a habit from the day's list, keeping its history.
struct ArchiveCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "archive",
    abstract: "Archive a habit: off the day's list, history kept (--undo to bring it back).",
    discussion: """
      Examples:
        habit archive read
        habit archive read --undo
        habit list --archived
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The habit: the start of its title, its number in the last list, or its id.")
  var habit: String
  @Flag(help: "Bring the habit back instead.") var undo = false

  func execute(_ context: CLIContext) async throws(CLIError) {
    let title = try await context.change { session throws(CLIError) in
      let habit = try HabitNames.resolve(self.habit, in: session.tracker, folder: context.folder)
      try await session.perform(.setArchived(habit.id, !undo))
      return habit.title
    }
    context.console.print((undo ? "Brought back " : "Archived ") + title + ".")
  }
}
