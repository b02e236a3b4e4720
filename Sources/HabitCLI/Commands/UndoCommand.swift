import ArgumentParser
import HabitCore
import HabitSync

/// `habit undo`.
struct UndoCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "undo",
    abstract: "Take back the day's check-in or skip (a note stays).",
    discussion: """
      Examples:
        habit undo read
        habit undo read --yesterday
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The habit: the start of its title, its number in the last list, or its id.")
  var habit: String
  @OptionGroup var day: DayOptions

  func execute(_ context: CLIContext) async throws(CLIError) {
    try await CheckInRun.perform(self.habit, day: day, context) { habit, day throws(CLIError) in
      return .uncomplete(habit.id, day)
    }
  }
}
