import ArgumentParser
import HabitCore
import HabitSync

/// `habit rm HABIT`: deletes a habit and its history, after asking.
struct RemoveCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "rm",
    abstract: "Delete a habit and all of its history (asks first).",
    discussion: """
      Examples:
        habit rm read
        habit rm 4 --yes
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The habit: the start of its title, its number in the last list, or its id.")
  var habit: String
  @Flag(help: "Do not ask.") var yes = false

  func execute(_ context: CLIContext) async throws(CLIError) {
    let title = try await context.change(
      asking: !yes, declined: "Nothing was deleted.",
      look: { tracker throws(CLIError) in
        let habit = try HabitNames.resolve(self.habit, in: tracker, folder: context.folder)
        let days = tracker.log(habit.id).count
        return (
          habit,
          "Delete \"\(habit.title)\" and its \(days) days of history? This cannot be undone."
        )
      },
      apply: { session, habit throws(CLIError) in
        try await session.perform(.deleteHabit(habit.id))
        return habit.title
      })
    context.console.print("Deleted \(title).")
  }
}
