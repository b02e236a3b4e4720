import ArgumentParser
import HabitCore
import HabitSync

/// `habit edit HABIT`: changes any of a habit's settings.
struct EditCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Change a habit's name or settings.",
    discussion: """
      A later start date drops the check-ins before it; the command says how many and asks \
      (--yes to skip the question).

      Examples:
        habit edit read --title "Read 20 pages"
        habit edit water --quantity 10
        habit edit 3 --schedule 3/week --category Health
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The habit: the start of its title, its number in the last list, or its id.")
  var habit: String
  @Option(help: "A new name.") var title: String?
  @OptionGroup var settings: HabitOptions
  @Flag(help: "Do not ask before dropping check-ins.") var yes = false

  func execute(_ context: CLIContext) async throws(CLIError) {
    let habit = try await context.change(
      asking: !yes, declined: "Nothing changed.",
      look: { tracker throws(CLIError) in
        let current = try HabitNames.resolve(self.habit, in: tracker, folder: context.folder)
        var changed = try settings.apply(to: current, tracker: tracker, today: context.today)
        if let title { changed.title = title }
        let lost = tracker.entriesLost(ifStartOf: current.id, movesTo: changed.startDay)
        return (
          changed,
          lost == 0
            ? nil
            : "Starting on \(DayFormat.long(changed.startDay)) drops \(lost) earlier check-ins. Go on?"
        )
      },
      apply: { session, changed throws(CLIError) in
        try await session.perform(.updateHabit(changed))
        return session.tracker.habit(changed.id) ?? changed
      })
    context.console.print("Saved " + context.style.bold(HabitText.title(habit)) + ".")
  }
}
