import ArgumentParser
import HabitCore
import HabitSync

/// `habit search TEXT`: habits whose title or description holds the text.
struct SearchCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Find habits by title or description (case and accents aside), archived ones too.",
    discussion: """
      Examples:
        habit search water
        habit search "café" --json

      JSON: as `habit list --json`.
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The text to look for.") var text: String

  func execute(_ context: CLIContext) async throws(CLIError) {
    let tracker = try await context.snapshot().tracker
    let filter = AgendaFilter(search: text)
    let habits = [false, true].flatMap { archived in
      tracker.habitList(
        on: context.today, today: context.today, archived: archived, filter: filter
      ).map { $0.habit }
    }
    try HabitListing.show(habits, tracker: tracker, json: output.json, context)
  }
}
