import ArgumentParser
import HabitCore
import HabitSync

/// `habit count HABIT [N]`: adds taps to a count habit.
struct CountCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "count",
    abstract: "Add to a count habit (1 step, or N; a negative N takes taps back).",
    discussion: """
      Examples:
        habit count pushups
        habit count pushups 3
        habit count pushups -1 --yesterday
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The habit: the start of its title, its number in the last list, or its id.")
  var habit: String
  @Argument(help: "How many steps to add.") var times: Int = 1
  @OptionGroup var day: DayOptions

  func execute(_ context: CLIContext) async throws(CLIError) {
    let times = self.times
    try await CheckInRun.perform(self.habit, day: day, context) { habit, day throws(CLIError) in
      .addCount(habit.id, day, times: times)
    }
  }
}
