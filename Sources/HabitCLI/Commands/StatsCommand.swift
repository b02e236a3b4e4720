import ArgumentParser
import HabitCore
import HabitSync

/// `habit stats`: the Statistics tab's figures.
struct StatsCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract: "Show statistics over all habits: best streak, perfect days, completions.",
    discussion: """
      Examples:
        habit stats
        habit stats --period month
        habit stats --json

      JSON: {"period","bestStreak":{"length","unit"},"bestStreakHabit","perfectDays", \
      "totalCompletions","averagePerDay","byWeekday":[{"weekday","percent"}], \
      "categories":[{"category","percent","completions"}]}
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var output: OutputOptions
  @Option(help: "week, month, year or all (default all).") var period = "all"

  func execute(_ context: CLIContext) async throws(CLIError) {
    guard let period = StatisticsPeriod(rawValue: period) else {
      throw CLIError(
        "\"\(period)\" is not a period. Choose week, month, year or all.", code: "invalid_period",
        exit: .refused)
    }
    let snapshot = try await context.snapshot()
    let tracker = snapshot.tracker
    let statistics = tracker.statistics(
      today: context.today, period: period, firstWeekday: snapshot.firstWeekday)
    let bestHabit = statistics.bestStreakHabit.flatMap { tracker.habit($0) }
    let categories = statistics.categories.map { figure in
      (tracker.category(figure.category)?.name ?? figure.category.rawValue, figure)
    }
    if output.json {
      context.printJSON(
        .object([
          ("period", .string(period.rawValue)),
          ("bestStreak", HabitJSON.streak(statistics.bestStreak)),
          ("bestStreakHabit", bestHabit.map { .string($0.title) } ?? .null),
          ("perfectDays", HabitJSON.int(statistics.perfectDays)),
          ("totalCompletions", HabitJSON.int(statistics.totalCompletions)),
          ("averagePerDay", .number(statistics.averagePerDay.twoDecimals)),
          (
            "byWeekday",
            .array(
              statistics.byWeekday.map { figure in
                .object([
                  ("weekday", .string(HabitText.weekdayName(figure.weekday))),
                  ("percent", HabitJSON.int(figure.rate.percent)),
                ])
              })
          ),
          (
            "categories",
            .array(
              categories.map { name, figure in
                .object([
                  ("category", .string(name)), ("percent", HabitJSON.int(figure.rate.percent)),
                  ("completions", HabitJSON.int(figure.completions)),
                ])
              })
          ),
        ]))
      return
    }
    let style = context.style
    let console = context.console
    guard !statistics.isEmpty else {
      console.print("No habits yet. Add one: habit add \"Read\"")
      return
    }
    var best = HabitText.streak(statistics.bestStreak)
    if let bestHabit { best += " (" + bestHabit.title + ")" }
    console.print(style.bold("Statistics · " + period.rawValue))
    console.print("Best streak       " + best)
    console.print("Perfect days      \(statistics.perfectDays)")
    console.print("Completions       \(statistics.totalCompletions)")
    console.print("Average per day   " + statistics.averagePerDay.twoDecimals)
    console.print("")
    console.print(style.bold("By weekday"))
    for figure in statistics.byWeekday {
      let bar = String(repeating: style.colors ? "█" : "#", count: figure.rate.percent / 5)
      console.print(
        "  " + HabitText.weekdayName(figure.weekday) + "  "
          + String(figure.rate.percent).leftPadded(3)
          + "%  " + bar)
    }
    if !categories.isEmpty {
      console.print("")
      console.print(style.bold("By category"))
      for (name, figure) in categories {
        console.print(
          "  " + HabitText.padded(name, 20) + String(figure.rate.percent).leftPadded(3) + "%  "
            + "\(figure.completions) done")
      }
    }
  }
}
