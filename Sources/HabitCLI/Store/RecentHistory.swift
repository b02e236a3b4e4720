import HabitCore

/// A day's list read from the snapshot's recent days only: a few months of each habit instead
/// of years, so `habit today` stays fast with any amount of history. The streaks are HabitCore's,
/// and exact: a streak that may reach past the window is computed again on the full history.
///
/// Why the check is sound: HabitCore's walk goes back from the day until the first miss. Read with
/// the window's days only, the days before the window look empty. The same walk is run again
/// with the unit (day, week, month or run of days) just before the window filled the opposite
/// way (met for a habit to build, a slip for one to quit). If the walk stopped inside the window
/// it never read that unit and both answers agree; if it went past the window they differ, and
/// only then is the habit's whole history read. Weeks, months and runs of days are judged whole,
/// so for those the window starts on the first day of one.
struct RecentHistory {
  /// How far back the first reading goes.
  static let windowDays = 100

  let file: SnapshotFile
  let day: Day
  /// Every habit, with its days from its window onward.
  let tracker: Tracker

  init?(file: SnapshotFile, day: Day) {
    self.file = file
    self.day = day
    let weekStart = file.firstWeekday
    guard
      let tracker = file.tracker(since: {
        Self.window(of: $0, day: day, firstWeekday: weekStart).lowerBound
      })
    else {
      return nil
    }
    self.tracker = tracker
  }

  /// The first day read and the unit before it that the check fills; the whole history when
  /// the habit started shortly before the window.
  static func window(of habit: Habit, day: Day, firstWeekday: Weekday)
    -> (lowerBound: Day?, before: ClosedRange<Day>)
  {
    var bound = day.advanced(by: -windowDays)
    let before: ClosedRange<Day>
    switch habit.effectiveSchedule {
    case .timesPerWeek:
      bound = bound.advanced(by: -bound.weekday.offset(from: firstWeekday))
      before = bound.advanced(by: -7)...bound.advanced(by: -1)
    case .timesPerMonth:
      bound = bound.yearMonth.firstDay
      before = bound.yearMonth.previous.days
    case .timesInDays(_, let days):
      let days = max(days, 1)
      let offset = habit.startDay.distance(to: bound)
      bound = bound.advanced(by: -(offset % days + days) % days)
      before = bound.advanced(by: -days)...bound.advanced(by: -1)
    case .everyNDays(let interval):
      before = bound.advanced(by: -max(7, interval))...bound.advanced(by: -1)
    case .everyDay, .weekdays:
      before = bound.advanced(by: -7)...bound.advanced(by: -1)
    }
    return habit.startDay >= before.lowerBound ? (nil, before) : (bound, before)
  }

  /// The habit's current streak on the day, as `Tracker.currentStreak` gives it on the full
  /// history.
  func streak(for habit: Habit) -> Streak? {
    guard habit.kind != .irregularEvent,
      let windowed = try? tracker.currentStreak(
        for: habit.id, today: day, firstWeekday: file.firstWeekday)
    else { return nil }
    let (lowerBound, before) = Self.window(of: habit, day: day, firstWeekday: file.firstWeekday)
    guard lowerBound != nil else { return windowed }
    var filled = Tracker()
    filled.restore(habit)
    var log = tracker.log(habit.id)
    let threshold = habit.measure.threshold(for: habit.direction)
    let opposite =
      habit.direction == .build
      ? max(threshold, Amount(thousandths: 1)) : Amount(thousandths: threshold.thousandths + 1)
    var fill = before.lowerBound
    while fill <= before.upperBound {
      log.set(Entry(day: fill, value: opposite))
      fill = fill.advanced(by: 1)
    }
    filled.restore(log, for: habit.id)
    if (try? filled.currentStreak(for: habit.id, today: day, firstWeekday: file.firstWeekday))
      == windowed
    {
      return windowed
    }
    var full = Tracker()
    full.restore(habit)
    full.restore(EntryLog((file.entries(of: habit.id, since: nil) ?? []).reversed()), for: habit.id)
    return try? full.currentStreak(for: habit.id, today: day, firstWeekday: file.firstWeekday)
  }
}
