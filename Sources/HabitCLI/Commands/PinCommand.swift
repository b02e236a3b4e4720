import ArgumentParser
import HabitCore
import HabitSync

/// `habit pin HABIT`: keeps a habit at the top of every list.
struct PinCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "pin",
    abstract: "Pin a habit to the top of the lists (--off to unpin).",
    discussion: """
      Examples:
        habit pin read
        habit pin read --off
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The habit: the start of its title, its number in the last list, or its id.")
  var habit: String
  @Flag(help: "Unpin instead.") var off = false

  func execute(_ context: CLIContext) async throws(CLIError) {
    let title = try await context.change { session throws(CLIError) in
      let habit = try HabitNames.resolve(self.habit, in: session.tracker, folder: context.folder)
      try await session.perform(.setPinned(habit.id, !off))
      return habit.title
    }
    context.console.print((off ? "Unpinned " : "Pinned ") + title + ".")
  }
}
