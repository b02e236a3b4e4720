import ArgumentParser
import HabitCore
import HabitSync

/// `habit log HABIT AMOUNT`: sets the day's total of a quantity or count.
struct LogCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "log",
    abstract: "Set the day's amount of a quantity or count habit (8 glasses, 30 minutes).",
    discussion: """
      Examples:
        habit log water 6
        habit log reading 12.5 --date 2026-03-01
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The habit: the start of its title, its number in the last list, or its id.")
  var habit: String
  @Argument(help: "The day's total, such as 8 or 2.5.") var amount: String
  @OptionGroup var day: DayOptions

  func execute(_ context: CLIContext) async throws(CLIError) {
    guard let amount = Amount(parsing: amount) else {
      throw CLIError(
        "\"\(self.amount)\" is not an amount. Write a number such as 8 or 2.5.",
        code: "invalid_amount", exit: .refused)
    }
    try await CheckInRun.perform(self.habit, day: day, context) { habit, day throws(CLIError) in
      .logAmount(habit.id, day, amount)
    }
  }
}
