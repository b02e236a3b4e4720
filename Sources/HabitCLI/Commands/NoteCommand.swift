import ArgumentParser
import HabitCore
import HabitSync

/// `habit note HABIT TEXT`: the day's note.
struct NoteCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "note",
    abstract: "Write the day's note for a habit (an empty text removes it).",
    discussion: """
      Examples:
        habit note run "10 km in the rain"
        habit note run "" --yesterday
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The habit: the start of its title, its number in the last list, or its id.")
  var habit: String
  @Argument(help: "The note.") var text: String
  @OptionGroup var day: DayOptions

  func execute(_ context: CLIContext) async throws(CLIError) {
    let text = self.text
    try await CheckInRun.perform(self.habit, day: day, context) { habit, day throws(CLIError) in
      .setNote(habit.id, day, text)
    }
  }
}
