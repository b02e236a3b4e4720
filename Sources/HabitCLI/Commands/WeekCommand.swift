import ArgumentParser
import HabitCore
import HabitSync

/// `habit week`: the last seven days for every habit due in them, a mark per day.
struct WeekCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "week",
    abstract: "Show this week, a mark per habit and day.",
    discussion: """
      Marks: done, not done, skipped, or blank when the habit was not due.

      Examples:
        habit week
        habit week read
        habit week --json

      JSON: {"days":[...],"habits":[{"id","title","days":[{"day","due","done","skipped"}]}]}
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "One habit (default: all).") var habit: String?

  func execute(_ context: CLIContext) async throws(CLIError) {
    let snapshot = try await context.snapshot()
    let tracker = snapshot.tracker
    let today = context.today
    let start = today.advanced(by: -today.weekday.offset(from: snapshot.firstWeekday))
    let days = (0..<7).map { start.advanced(by: $0) }
    let habits: [Habit]
    if let name = habit {
      habits = [try HabitNames.resolve(name, in: tracker, folder: context.folder)]
    } else {
      habits = tracker.sortedHabits.filter { !$0.isArchived }
    }
    Listing.save(habits.map { $0.id }, in: context.folder)
    let style = context.style
    if output.json {
      context.printJSON(
        .object([
          ("days", .array(days.map { .string($0.iso) })),
          (
            "habits",
            .array(
              habits.map { habit in
                .object([
                  ("id", .string(habit.id.rawValue)), ("title", .string(habit.title)),
                  (
                    "days",
                    .array(
                      days.map { day in
                        let item = tracker.item(habit, on: day, today: today)
                        return .object([
                          ("day", .string(day.iso)),
                          ("due", .bool(habit.isScheduled(on: day) && day <= today)),
                          ("done", .bool(item.isDone)), ("skipped", .bool(item.isSkipped)),
                        ])
                      })
                  ),
                ])
              })
          ),
        ]))
      return
    }
    let width = min(30, habits.map { Text.length(HabitText.title($0)) }.max() ?? 0)
    let header =
      "     " + HabitText.padded("", width) + " "
      + days.map { " " + String(HabitText.weekdayName($0.weekday).prefix(2)) + " " }.joined()
    context.console.print(style.bold(header))
    for (index, habit) in habits.enumerated() {
      var line =
        String(index + 1).leftPadded(3) + "  " + HabitText.padded(HabitText.title(habit), width)
        + " "
      for day in days {
        let item = tracker.item(habit, on: day, today: today)
        let mark: String
        if day > today || !habit.isScheduled(on: day) {
          mark = style.colors ? " " : "   "
        } else if item.isSkipped {
          mark = style.skipped
        } else {
          mark = item.isDone ? style.done : style.open
        }
        line += style.colors ? " " + mark + "  " : mark + " "
      }
      context.console.print(line)
    }
  }
}
