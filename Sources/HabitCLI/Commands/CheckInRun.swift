import HabitCore
import HabitSync

/// What the check-in commands share: find the habit, ask the HabitCore rule that may refuse the
/// day, perform one action on it, save, and show how the day now stands.
enum CheckInRun {
  static func perform(
    _ name: String, day options: DayOptions, _ context: CLIContext,
    refusing refusal: (Tracker, HabitID, Day) -> CLIError? = { _, _, _ in nil },
    _ action: (Habit, Day) throws(CLIError) -> Action
  ) async throws(CLIError) {
    let day = try options.day(context)
    let tracker = try await context.change { session throws(CLIError) in
      let habit = try HabitNames.resolve(name, in: session.tracker, folder: context.folder)
      if let problem = refusal(session.tracker, habit.id, day) { throw problem }
      try await session.perform(try action(habit, day))
      return (habit.id, session.tracker, session.firstWeekday)
    }
    guard let habit = tracker.1.habit(tracker.0) else { return }
    let item = tracker.1.item(habit, on: day, today: context.today)
    let streak = try? tracker.1.currentStreak(for: habit.id, today: day, firstWeekday: tracker.2)
    var line = AgendaLine(number: 0, item: item, streak: streak, style: context.style)
      .text(titleWidth: 0).drop { $0 == " " || $0 == "0" }
    if day != context.today { line += "  " + context.style.dim("(" + DayFormat.long(day) + ")") }
    if let note = item.entry?.note, !note.isEmpty { line += "\n     note: " + note }
    context.console.print(String(line))
  }
}
