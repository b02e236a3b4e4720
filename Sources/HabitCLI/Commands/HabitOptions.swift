import ArgumentParser
import HabitCore

/// The habit's settings `add` and `edit` take; each one left out keeps what the habit has (or
/// the default for a new habit).
struct HabitOptions: ParsableArguments {
  @Option(help: "Category name (default Self).") var category: String?
  @Option(help: "A longer description.") var description: String?
  @Option(
    help: ArgumentHelp(
      "daily, weekdays, weekend, mon,wed,fri, every-3-days, 3/week, 2/month or 2-in-3-days.",
      valueName: "schedule"))
  var schedule: String?
  @Option(help: ArgumentHelp("Count to this target each day.", valueName: "target"))
  var count: Int?
  @Option(help: "With --count: how much one `habit count` adds (default 1).") var step: Int?
  @Option(help: ArgumentHelp("A quantity to reach each day (with --unit).", valueName: "target"))
  var quantity: String?
  @Option(help: "The quantity's unit, such as glasses or minutes.") var unit: String?
  @Flag(help: "Done or not (the default for a new habit).") var yesNo = false
  @Flag(help: "A bad habit to quit (its count or quantity is a limit).") var quit = false
  @Flag(help: "A habit to build (the default).") var build = false
  @Flag(help: "An irregular event, tied to no days.") var event = false
  @Option(help: ArgumentHelp("today, yesterday or YYYY-MM-DD.", valueName: "day")) var start:
    String?
  @Option(help: ArgumentHelp("forever, 30d, 12w or 6m.", valueName: "goal")) var goal: String?
  @Option(help: "One emoji.") var emoji: String?
  @Option(help: ArgumentHelp("A colour as #RRGGBB.", valueName: "hex")) var color: String?
  @Option(help: "anytime, morning, afternoon or evening.") var time: String?

  /// `habit` with every given option applied; HabitCore validates the result.
  func apply(to habit: Habit, tracker: Tracker, today: Day) throws(CLIError) -> Habit {
    var habit = habit
    if let category { habit.category = try HabitNames.category(category, in: tracker).id }
    if let description { habit.description = description }
    if let schedule { habit.schedule = try Self.schedule(schedule) }
    if count != nil || step != nil {
      var (currentStep, currentTarget) = (1, 1)
      if case .count(let step, let target) = habit.measure {
        (currentStep, currentTarget) = (step, target)
      }
      habit.measure = .count(step: step ?? currentStep, target: count ?? currentTarget)
    }
    if quantity != nil || unit != nil {
      var (currentTarget, currentUnit) = (Amount(1), "")
      if case .quantity(let target, let unit) = habit.measure {
        (currentTarget, currentUnit) = (target, unit)
      }
      var target = currentTarget
      if let quantity {
        guard let amount = Amount(parsing: quantity) else {
          throw CLIError(
            "\"\(quantity)\" is not an amount. Write a number such as 8 or 2.5.",
            code: "invalid_amount", exit: .refused)
        }
        target = amount
      }
      habit.measure = .quantity(target: target, unit: unit ?? currentUnit)
    }
    if yesNo { habit.measure = .done }
    if quit { habit.direction = .quit }
    if build { habit.direction = .build }
    if event { habit.kind = .irregularEvent }
    if let start { habit.startDay = try DayArgument.parse(start, today: today) }
    if let goal { habit.goal = try Self.goal(goal) }
    if let emoji { habit.emoji = emoji }
    if let color {
      guard let value = HabitColor(hex: color) else {
        throw CLIError(
          "\"\(color)\" is not a colour. Write it as #RRGGBB, such as #3B82F6.",
          code: "invalid_color", exit: .refused)
      }
      habit.color = value
    }
    if let time {
      guard let value = TimeOfDay(rawValue: time.lowercased()) else {
        throw CLIError(
          "\"\(time)\" is not a time of day. Choose anytime, morning, afternoon or evening.",
          code: "invalid_time_of_day", exit: .refused)
      }
      habit.timeOfDay = value
    }
    return habit
  }

  static func schedule(_ text: String) throws(CLIError) -> Schedule {
    let word = text.lowercased().replacingOccurrences(of: " ", with: "-")
    switch word {
    case "daily", "every-day", "everyday": return .everyDay
    case "weekdays", "workdays": return .weekdays(.workdays)
    case "weekend", "weekends": return .weekdays(.weekend)
    default: break
    }
    let parts = word.split(separator: "/")
    if parts.count == 2, let number = Int(parts[0]) {
      if parts[1] == "week" { return .timesPerWeek(number) }
      if parts[1] == "month" { return .timesPerMonth(number) }
    }
    let rolling = word.split(separator: "-")
    if rolling.count == 4, rolling[1] == "in", rolling[3] == "days" || rolling[3] == "day",
      let times = Int(rolling[0]), let days = Int(rolling[2])
    {
      return .timesInDays(times: times, days: days)
    }
    if word.hasPrefix("every-"), word.hasSuffix("-days"),
      let number = Int(word.dropFirst(6).dropLast(5))
    {
      return .everyNDays(number)
    }
    let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    let days = word.split(separator: ",").map { String($0.prefix(3)) }
    if !days.isEmpty, days.allSatisfy(names.contains) {
      return .weekdays(
        WeekdaySet(
          days.compactMap { names.firstIndex(of: $0).flatMap { Weekday(isoNumber: $0 + 1) } }))
    }
    throw CLIError(
      "\"\(text)\" is not a schedule. Write daily, weekdays, weekend, mon,wed,fri, every-3-days, 3/week, 2/month or 2-in-3-days.",
      code: "invalid_schedule", exit: .refused)
  }

  static func goal(_ text: String) throws(CLIError) -> Goal {
    let word = text.lowercased().replacingOccurrences(of: " ", with: "")
    if word == "forever" { return .forever }
    let units: [(String, GoalKind)] = [
      ("days", .days), ("day", .days), ("d", .days), ("weeks", .weeks), ("week", .weeks),
      ("w", .weeks), ("months", .months), ("month", .months), ("m", .months),
    ]
    for (suffix, kind) in units where word.hasSuffix(suffix) {
      if let count = Int(word.dropLast(suffix.count)) { return Goal(kind, count: count) }
    }
    throw CLIError(
      "\"\(text)\" is not a goal. Write forever, or a length such as 30d, 12w or 6m.",
      code: "invalid_goal", exit: .refused)
  }
}
