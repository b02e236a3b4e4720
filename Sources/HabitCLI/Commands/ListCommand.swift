import ArgumentParser
import HabitCore
import HabitSync

/// `habit list`: every habit, due today or not.
struct ListCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List every habit (or the archived ones) with its schedule.",
    discussion: """
      Examples:
        habit list
        habit list --archived
        habit list --category Health --json

      JSON: {"habits":[{"number","id","title","emoji","category","schedule","measure","target", \
      "unit","direction","start","goal","pinned","archived"}]}
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var output: OutputOptions
  @Flag(help: "List archived habits instead.") var archived = false
  @Option(help: "Only this category.") var category: String?

  func execute(_ context: CLIContext) async throws(CLIError) {
    let tracker = try await context.snapshot().tracker
    var filter = AgendaFilter.all
    if let category {
      filter.category = try HabitNames.category(category, in: tracker).id
    }
    let items = tracker.habitList(
      on: context.today, today: context.today, archived: archived, filter: filter)
    try HabitListing.show(items.map { $0.habit }, tracker: tracker, json: output.json, context)
  }
}

/// Prints habits as numbered lines (title, category, schedule) or JSON, and remembers the numbers.
enum HabitListing {
  static func show(_ habits: [Habit], tracker: Tracker, json: Bool, _ context: CLIContext)
    throws(CLIError)
  {
    Listing.save(habits.map { $0.id }, in: context.folder)
    if json {
      context.printJSON(
        .object([
          (
            "habits",
            .array(
              habits.enumerated().map { index, habit in
                guard case .object(let members) = HabitJSON.habit(habit, tracker: tracker) else {
                  return .null
                }
                return .object([("number", HabitJSON.int(index + 1))] + members)
              })
          )
        ]))
      return
    }
    guard !habits.isEmpty else {
      context.console.print("No habits here.")
      return
    }
    let style = context.style
    let width = min(30, habits.map { Text.length(HabitText.title($0)) }.max() ?? 0)
    for (index, habit) in habits.enumerated() {
      var line =
        String(index + 1).leftPadded(3) + "  " + HabitText.padded(HabitText.title(habit), width)
      let category = tracker.category(habit.category)?.name ?? ""
      line += "  " + style.dim(category + " · " + HabitText.schedule(habit.effectiveSchedule))
      if habit.measure != .done { line += style.dim(" · " + HabitText.measure(habit.measure)) }
      if habit.direction == .quit { line += style.dim(" · to quit") }
      if habit.isPinned { line += style.dim(" (pinned)") }
      context.console.print(line)
    }
  }
}
