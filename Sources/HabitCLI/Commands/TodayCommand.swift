import ArgumentParser
import HabitCore
import HabitSync

/// `habit today`: the day's list, what the web app's Habits tab shows.
struct TodayCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "today",
    abstract: "Show the habits due today (or on --date), with streaks.",
    discussion: """
      Each line has a number for `habit done 2`. Pinned habits come first.

      Examples:
        habit today
        habit today --date yesterday
        habit today --json

      JSON: {"day","due","done","habits":[{"number","id","title","emoji","category","schedule", \
      "measure","target","unit","direction","start","goal","pinned","archived","day","done", \
      "skipped","value","note","streak":{"length","unit"}}]}
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var output: OutputOptions
  @Option(help: ArgumentHelp("today, yesterday or YYYY-MM-DD.", valueName: "day"))
  var date: String?

  func execute(_ context: CLIContext) async throws(CLIError) {
    try await Self.show(date: date, json: output.json, in: context)
  }

  /// The list itself, shared with `TodayShortcut`, which reaches it without the parser.
  static func show(date: String?, json: Bool, in context: CLIContext) async throws(CLIError) {
    let day = try DayArgument.parse(date, today: context.today)
    if let note = SignOutNote.load(context.folder) {
      context.console.printError("habit: " + note.sentence)
    }
    let tracker: Tracker
    let streakOf: (Habit) -> Streak?
    if let file = SnapshotFile(path: context.folder.snapshot),
      let recent = RecentHistory(file: file, day: day)
    {
      tracker = recent.tracker
      streakOf = recent.streak(for:)
    } else {
      let snapshot = try await context.snapshot()
      let full = snapshot.tracker
      tracker = full
      streakOf = { habit in
        habit.kind == .irregularEvent
          ? nil
          : try? full.currentStreak(
            for: habit.id, today: day, firstWeekday: snapshot.firstWeekday)
      }
    }
    let items = tracker.agenda(on: day, today: context.today)
    Listing.save(items.map { $0.habit.id }, in: context.folder)
    let streaks = items.map { streakOf($0.habit) }
    // The day's count as the web app's ring and the statistics count it (HabitCore's one rule).
    let progress = tracker.progress(on: day, today: context.today)
    if json {
      context.printJSON(
        .object([
          ("day", .string(day.iso)), ("due", HabitJSON.int(progress.due)),
          ("done", HabitJSON.int(progress.met)),
          (
            "habits",
            .array(
              items.indices.map {
                HabitJSON.item(
                  items[$0], number: $0 + 1, streak: streaks[$0], tracker: tracker, day: day)
              })
          ),
        ]))
      return
    }
    let style = context.style
    let count = progress.due == 0 ? "nothing due" : "\(progress.met) of \(progress.due) done"
    context.console.print(style.bold(DayFormat.long(day)) + style.dim(" · " + count))
    guard !items.isEmpty else {
      context.console.print(
        tracker.habits.isEmpty
          ? "No habits yet. Add one: habit add \"Read\"" : "Nothing is due on this day.")
      return
    }
    let width = min(30, items.map { Text.length(HabitText.title($0.habit)) }.max() ?? 0)
    for (index, item) in items.enumerated() {
      context.console.print(
        AgendaLine(number: index + 1, item: item, streak: streaks[index], style: style)
          .text(titleWidth: width))
    }
  }
}
