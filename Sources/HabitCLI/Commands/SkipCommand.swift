import ArgumentParser
import HabitCore
import HabitSync

/// `habit skip`.
struct SkipCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "skip",
    abstract: "Skip a day (vacation, sick day): it neither breaks nor extends a streak.",
    discussion: """
      Examples:
        habit skip run
        habit skip run --undo

      A day holding a check-in is not skipped (a skip keeps no value): undo the check-in first.
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The habit: the start of its title, its number in the last list, or its id.")
  var habit: String
  @OptionGroup var day: DayOptions
  @Flag(help: "Take the skip back.") var undo = false

  func execute(_ context: CLIContext) async throws(CLIError) {
    let action: (Habit, Day) throws(CLIError) -> Action = { habit, day in
      .skip(habit.id, day, !undo)
    }
    try await CheckInRun.perform(
      self.habit, day: day, context,
      refusing: { tracker, id, day in
        guard !undo, let refusal = tracker.skipRefusal(id, on: day) else { return nil }
        return CLIError(refusal, code: HabitError.dayHoldsCheckIn.code, exit: .refused)
      },
      action)
  }
}
