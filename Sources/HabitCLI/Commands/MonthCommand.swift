import ArgumentParser
import HabitCore
import HabitSync

/// `habit month [HABIT]`: the month as a heatmap, for one habit or all of them.
struct MonthCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "month",
    abstract: "Show a month as a calendar heatmap, for one habit or all of them.",
    discussion: """
      All habits: each day's share of due habits done. One habit: how full each day was. \
      Without colour each day shows its date and a level: . nothing, 1 to 3 part way, # done.

      Examples:
        habit month
        habit month read --month 2026-10
        habit month --json

      JSON: {"month","habit"?,"days":[{"day","level","due"?,"done"?}]}
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "One habit (default: all).") var habit: String?
  @Option(help: ArgumentHelp("The month as YYYY-MM (default this month).", valueName: "month"))
  var month: String?

  func execute(_ context: CLIContext) async throws(CLIError) {
    let snapshot = try await context.snapshot()
    let tracker = snapshot.tracker
    let shown = try Self.month(month, today: context.today)
    let days = shown.firstDay...min(shown.lastDay, context.today)
    var levels: [Day: Int] = [:]
    var json: [JSON] = []
    var title = "All habits"
    var chosen: Habit?
    if let name = habit {
      let habit = try HabitNames.resolve(name, in: tracker, folder: context.folder)
      chosen = habit
      title = HabitText.title(habit)
      let log = tracker.log(habit.id)
      if shown.firstDay <= context.today {
        for day in days where day >= habit.startDay {
          let level = habit.level(of: log[day], isOver: day < context.today)
          levels[day] = level
          json.append(.object([("day", .string(day.iso)), ("level", HabitJSON.int(level))]))
        }
      }
    } else if shown.firstDay <= context.today {
      for completion in tracker.progress(in: days, today: context.today) where completion.due > 0 {
        levels[completion.day] = completion.level
        json.append(
          .object([
            ("day", .string(completion.day.iso)), ("level", HabitJSON.int(completion.level)),
            ("due", HabitJSON.int(completion.due)), ("done", HabitJSON.int(completion.met)),
          ]))
      }
    }
    if output.json {
      var members: [(String, JSON)] = [("month", .string(String(shown.firstDay.iso.prefix(7))))]
      if let chosen { members.append(("habit", .string(chosen.id.rawValue))) }
      members.append(("days", .array(json)))
      context.printJSON(.object(members))
      return
    }
    let heatmap = MonthHeatmap(
      month: shown, firstWeekday: snapshot.firstWeekday, style: context.style)
    let heading = title + " · " + Self.monthName(shown)
    for line in heatmap.lines(title: heading, level: { levels[$0] }) {
      context.console.print(line)
    }
  }

  static func month(_ text: String?, today: Day) throws(CLIError) -> YearMonth {
    guard let text else { return today.yearMonth }
    guard let day = Day(iso: text + "-01") else {
      throw CLIError(
        "\"\(text)\" is not a month. Write it as YYYY-MM, such as 2026-03.",
        code: "invalid_month", exit: .refused)
    }
    return day.yearMonth
  }

  static func monthName(_ month: YearMonth) -> String {
    let names = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ]
    return names[month.month - 1] + " " + String(month.year)
  }
}
