/// One habit's days from its start to its last counted day, filled once for the detail's charts
/// (score line, history bars, streak runs, weekday frequency), which each read it in one pass.
struct HabitDays {
  let habit: Habit
  let table: DayTable
  let due: DueDays
  let period: Period?
  /// The last day counted: today, or the goal's last day when it is over.
  let last: Day
  let today: Day

  init(_ habit: Habit, log: EntryLog, today: Day, firstWeekday: Weekday) {
    var table = DayTable()
    table.fill(habit, log: log, through: Self.lastDay(of: habit, today: today))
    self.init(habit, table: table, today: today, firstWeekday: firstWeekday)
  }

  /// Over a table already filled through `lastDay(of:today:)`; weekly quotas count in weeks
  /// that begin on `firstWeekday`.
  init(_ habit: Habit, table: DayTable, today: Day, firstWeekday: Weekday) {
    self.habit = habit
    self.today = today
    self.table = table
    last = Self.lastDay(of: habit, today: today)
    let schedule = habit.effectiveSchedule
    due = DueDays(schedule, start: habit.startDay)
    period = Period(schedule, start: habit.startDay, firstWeekday: firstWeekday)
  }

  static func lastDay(of habit: Habit, today: Day) -> Day {
    if let end = habit.endDay, end.advanced(by: -1) < today { return end.advanced(by: -1) }
    return today
  }

  var count: Int { table.count }

  func day(at index: Int) -> Day { habit.startDay.advanced(by: index) }

  func index(of day: Day) -> Int { habit.startDay.distance(to: day) }
}

extension Tracker {
  func days(of id: HabitID, today: Day, firstWeekday: Weekday = .monday) throws(HabitError)
    -> HabitDays
  {
    HabitDays(try require(id), log: log(id), today: today, firstWeekday: firstWeekday)
  }
}
