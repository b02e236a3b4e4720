import ArgumentParser
import HabitCore
import HabitSync

/// `habit done`.
struct DoneCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "done",
    abstract: "Mark a habit done (a count or quantity: its full target).",
    discussion: """
      Examples:
        habit done read
        habit done read yesterday
        habit done 2 --yesterday
        habit done read --date 2026-03-01
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The habit: the start of its title, its number in the last list, or its id.")
  var habit: String
  @Argument(help: ArgumentHelp("today, yesterday or YYYY-MM-DD (as --date).", valueName: "day"))
  var when: String?
  @OptionGroup var day: DayOptions

  func execute(_ context: CLIContext) async throws(CLIError) {
    var day = self.day
    if let when {
      guard day.date == nil, !day.yesterday else {
        throw CLIError(
          "Give the day once: `\(when)` or --date/--yesterday, not both.", code: "day_given_twice",
          exit: .usage)
      }
      day.date = when
    }
    try await CheckInRun.perform(self.habit, day: day, context) { habit, day throws(CLIError) in
      return .complete(habit.id, day)
    }
  }
}
