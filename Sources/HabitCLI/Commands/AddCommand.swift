import ArgumentParser
import HabitCore
import HabitSync

/// `habit add TITLE`.
struct AddCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a habit.",
    discussion: """
      Examples:
        habit add "Read" --category Self
        habit add "Water" --quantity 8 --unit glasses --time morning
        habit add "Push-ups" --count 50 --step 10 --schedule mon,wed,fri
        habit add "Smoking" --quit --goal 90d
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The habit's name (1 to 38 characters).") var title: String
  @OptionGroup var settings: HabitOptions

  func execute(_ context: CLIContext) async throws(CLIError) {
    let habit = try await context.change { session throws(CLIError) in
      let tracker = session.tracker
      let id = HabitID(
        session.device + "-" + String(session.nextChangeNumber) + "-"
          + String(session.wall % 100_000))
      let base = Habit(
        id: id, title: title,
        category: Category.defaults.first { $0.name == "Self" }?.id
          ?? tracker.sortedCategories.first?.id ?? "self",
        startDay: context.today, order: tracker.nextOrder)
      let habit = try settings.apply(to: base, tracker: tracker, today: context.today)
      try await session.perform(.addHabit(habit))
      return session.tracker.habit(id) ?? habit
    }
    context.console.print(
      "Added " + context.style.bold(HabitText.title(habit)) + " ("
        + HabitText.schedule(habit.schedule) + ").")
  }
}
