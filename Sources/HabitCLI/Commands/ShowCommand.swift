import ArgumentParser
import HabitCore
import HabitSync

/// `habit show HABIT`: what the web app's detail shows, in text.
struct ShowCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show a habit's detail: settings, streaks, progress, strength and recent history.",
    discussion: """
      Examples:
        habit show read
        habit show 2 --json

      JSON: the habit's fields plus {"currentStreak","longestStreak","bestStreaks":[{"length", \
      "unit","start","end"}],"completionPercent","goalPercent","strengthPercent","metDays", \
      "trackedDays","history":[{"day","value","skipped","note"}]} (the last 30 days with entries)
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The habit: the start of its title, its number in the last list, or its id.")
  var habit: String

  func execute(_ context: CLIContext) async throws(CLIError) {
    let snapshot = try await context.snapshot()
    let tracker = snapshot.tracker
    let habit = try HabitNames.resolve(self.habit, in: tracker, folder: context.folder)
    let stats: HabitStats
    let best: [Streak]
    do {
      stats = try tracker.stats(
        for: habit.id, today: context.today, firstWeekday: snapshot.firstWeekday)
      best = try tracker.bestStreaks(
        for: habit.id, today: context.today, firstWeekday: snapshot.firstWeekday)
    } catch {
      throw CLIError(error)
    }
    let recent = Array(tracker.log(habit.id).entries.suffix(30).reversed())
    if output.json {
      guard case .object(var members) = HabitJSON.habit(habit, tracker: tracker) else { return }
      members += [
        ("currentStreak", HabitJSON.streak(stats.currentStreak)),
        ("longestStreak", HabitJSON.streak(stats.longestStreak)),
        (
          "bestStreaks",
          .array(
            best.map { streak in
              .object([
                ("length", HabitJSON.int(streak.length)), ("unit", .string(streak.unit.rawValue)),
                ("start", .string(streak.start?.iso ?? "")),
                ("end", .string(streak.end?.iso ?? "")),
              ])
            })
        ),
        ("completionPercent", stats.completionRate.map { HabitJSON.int($0.percent) } ?? .null),
        ("goalPercent", stats.goalProgress.map { HabitJSON.int($0.percent) } ?? .null),
        ("strengthPercent", HabitJSON.int(stats.strengthPercent)),
        ("metDays", HabitJSON.int(stats.metDays)),
        ("trackedDays", HabitJSON.int(stats.trackedDays)),
        (
          "history",
          .array(
            recent.map { entry in
              .object([
                ("day", .string(entry.day.iso)), ("value", .string(entry.value.text)),
                ("skipped", .bool(entry.isSkipped)), ("note", .string(entry.note)),
              ])
            })
        ),
      ]
      context.printJSON(.object(members))
      return
    }
    let style = context.style
    let console = context.console
    console.print(
      style.bold(HabitText.title(habit)) + (habit.isArchived ? style.dim(" (archived)") : ""))
    if !habit.description.isEmpty { console.print(habit.description) }
    let category = tracker.category(habit.category)?.name ?? ""
    console.print(
      style.dim(
        category + " · " + HabitText.schedule(habit.effectiveSchedule) + " · "
          + HabitText.measure(habit.measure) + (habit.direction == .quit ? " · to quit" : "")
          + " · since " + DayFormat.long(habit.startDay) + " · goal " + HabitText.goal(habit.goal)))
    console.print("")
    if habit.kind == .irregularEvent {
      console.print("Tracked days     \(stats.trackedDays)")
    } else {
      console.print("Current streak   " + HabitText.streak(stats.currentStreak))
      console.print("Longest streak   " + HabitText.streak(stats.longestStreak))
    }
    if let rate = stats.completionRate { console.print("Completion       \(rate.percent)%") }
    if let goal = stats.goalProgress { console.print("Goal             \(goal.percent)%") }
    console.print("Strength         \(stats.strengthPercent)%")
    if !best.isEmpty {
      console.print("")
      console.print(style.bold("Best streaks"))
      for streak in best {
        let span = [streak.start, streak.end].compactMap { $0?.iso }.joined(separator: " to ")
        console.print("  " + HabitText.streak(streak).leftPadded(10) + "  " + style.dim(span))
      }
    }
    if !recent.isEmpty {
      console.print("")
      console.print(style.bold("Recent days"))
      for entry in recent.prefix(10) {
        var line = "  " + entry.day.iso + "  "
        if entry.isSkipped {
          line += "skipped"
        } else if habit.isSuccess(entry.value) == (habit.direction == .build) {
          line += habit.measure == .done ? "done" : entry.value.text
        } else {
          line += entry.value.text
        }
        if !entry.note.isEmpty { line += "  " + style.dim("“" + entry.note + "”") }
        console.print(line)
      }
    }
  }
}
