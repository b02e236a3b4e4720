/// One reminder time that fires: which habit, on which local day, at which local time. Every
/// delivery path (push, the app while open) asks the same rule for these.
public struct DueReminder: Hashable, Sendable {
  public let habit: HabitID
  public let day: Day
  public let time: ClockTime

  public init(habit: HabitID, day: Day, time: ClockTime) {
    self.habit = habit
    self.day = day
    self.time = time
  }
}

extension Habit {
  /// Whether the habit's time reminders may fire on `day` given that day's entry: not archived,
  /// a reminder weekday, scheduled (started, goal not over), not done and not skipped (a pause
  /// skips its days, so a paused habit stays quiet).
  public func remindsOn(_ day: Day, entry: Entry?) -> Bool {
    !reminders.times.isEmpty && mayRemind(on: day, entry: entry)
  }

  /// Whether the habit's place reminder may fire on `day`: the same days as its times (the
  /// calendar feed's place alarm recurs on them too).
  public func remindsAtPlace(on day: Day, entry: Entry?) -> Bool {
    reminders.place != nil && mayRemind(on: day, entry: entry)
  }

  private func mayRemind(on day: Day, entry: Entry?) -> Bool {
    guard !isArchived, reminders.weekdays.contains(day.weekday), isScheduled(on: day) else {
      return false
    }
    if let entry, entry.isSkipped || isDone(entry) { return false }
    return true
  }

  /// The reminder times on `day` after minute `after` (exclusive, -1 for the whole day) up to
  /// minute `through` (inclusive), earliest first, when the day has reminders at all.
  public func reminderTimes(on day: Day, entry: Entry?, after: Int, through: Int) -> [ClockTime] {
    guard remindsOn(day, entry: entry) else { return [] }
    return reminders.times.filter {
      $0.minutesSinceMidnight > after && $0.minutesSinceMidnight <= through
    }.sorted()
  }

  /// The first reminder after minute `after` of `day` (exclusive), looking `horizon` days ahead;
  /// the entries of days to come are not known yet, so only `day`'s entry can silence a time.
  public func nextReminder(after day: Day, minute after: Int, entry: Entry?, horizon: Int = 400)
    -> DueReminder?
  {
    if let time = reminderTimes(on: day, entry: entry, after: after, through: 24 * 60).first {
      return DueReminder(habit: id, day: day, time: time)
    }
    var next = day.advanced(by: 1)
    while day.distance(to: next) <= horizon {
      if let time = reminderTimes(on: next, entry: nil, after: -1, through: 24 * 60).first {
        return DueReminder(habit: id, day: next, time: time)
      }
      next = next.advanced(by: 1)
    }
    return nil
  }
}

extension Tracker {
  /// Every reminder due on `day` after minute `after` up to minute `through`, by time then by the
  /// habits' display order: what a scheduler sends for that stretch of the person's clock.
  public func dueReminders(on day: Day, after: Int, through: Int) -> [DueReminder] {
    var due: [DueReminder] = []
    for habit in sortedHabits {
      let entry = log(habit.id)[day]
      for time in habit.reminderTimes(on: day, entry: entry, after: after, through: through) {
        due.append(DueReminder(habit: habit.id, day: day, time: time))
      }
    }
    return due.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }.map { $0.element }
  }

  /// Whether the reminder still stands: the habit exists and its day still has reminders (a
  /// "Later" is not sent for a habit done, skipped, archived or deleted meanwhile).
  public func stillReminds(_ habit: HabitID, on day: Day) -> Bool {
    guard let found = self.habit(habit) else { return false }
    return found.remindsOn(day, entry: log(habit)[day])
  }

  /// The earliest reminder after minute `after` of `day` over every habit, or nil when none is
  /// set: how long a scheduler may sleep.
  public func nextReminder(after day: Day, minute after: Int) -> DueReminder? {
    var best: DueReminder?
    for habit in sortedHabits {
      guard
        let next = habit.nextReminder(after: day, minute: after, entry: log(habit.id)[day])
      else { continue }
      if let current = best, (current.day, current.time) <= (next.day, next.time) { continue }
      best = next
    }
    return best
  }
}
