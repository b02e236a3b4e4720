/// Everything the detail screen shows about one habit, computed in one pass over its history.
public struct HabitStats: Hashable, Sendable {
  public let habitID: HabitID
  /// The run that is still alive: today not yet done does not end it.
  public let currentStreak: Streak
  public let longestStreak: Streak
  /// Met days (or met weekly/monthly quota) over those expected so far; nil for irregular events,
  /// which expect nothing.
  public let completionRate: Ratio?
  /// Progress toward a finite goal; nil for a goal of forever.
  public let goalProgress: Ratio?
  /// Loop-compatible strength, 0…1.
  public let strength: Double
  /// Days the habit was met (for a habit to quit: days without a slip).
  public let metDays: Int
  /// Days with anything logged, the "tracked days" a card shows for irregular events.
  public let trackedDays: Int

  /// Strength as a whole percent.
  public var strengthPercent: Int {
    Int(strength * 100 + 0.5)
  }
}

extension Tracker {
  /// The statistics of one habit as of `today`; a weekly quota counts in weeks that begin on
  /// `firstWeekday`, the person's setting.
  public func stats(for id: HabitID, today: Day, firstWeekday: Weekday = .monday)
    throws(HabitError) -> HabitStats
  {
    let habit = try require(id)
    var unused = DayTotals(first: min(habit.startDay, today), last: today)
    var table = DayTable()
    return HabitAnalysis.analyze(
      habit, log: log(id), today: today, firstWeekday: firstWeekday, totals: &unused,
      table: &table)
  }
}

/// The pass behind `HabitStats` and `TrackerStatistics`.
enum HabitAnalysis {
  static func analyze(
    _ habit: Habit, log: EntryLog, today: Day, firstWeekday: Weekday, totals: inout DayTotals,
    table: inout DayTable
  ) -> HabitStats {
    let schedule = habit.effectiveSchedule
    let isEvent = habit.kind == .irregularEvent
    let build = habit.direction == .build
    let lifeEnd = habit.endDay.map { $0.advanced(by: -1) }
    var last = today
    if let lifeEnd, lifeEnd < last { last = lifeEnd }

    let period = Period(schedule, start: habit.startDay, firstWeekday: firstWeekday)
    var streaks = StreakCounter(unit: period?.unit ?? .days)
    var score = scoreAccumulator(habit, schedule: schedule)
    var tally = Tally()
    table.fill(habit, log: log, through: last)
    let count = table.count
    let due = DueDays(schedule, start: habit.startDay)
    let base = totals.offset(of: habit.startDay)
    // Today not yet met is neutral for a habit to build.
    let openIndex = build ? habit.startDay.distance(to: today) : -1
    let fixed = period == nil
    // The one rule of how a habit counts in a day's figures (`Tracker.progress(in:today:)`): a
    // fixed schedule on its due days, a flexible one or an irregular event only where met.
    let countsDue = fixed && !isEvent && !habit.isArchived
    let countsFlexible = (!fixed || isEvent) && !habit.isArchived
    var metDays = 0
    var tracked = 0
    var run = 0
    var runEnd = -1
    var best = 0
    var bestEnd = -1

    // One branch-light pass over dense day columns: random histories defeat branch prediction,
    // so the hot loop adds 0/1 values instead of testing them. Counts stay far below any overflow
    // (at most one per day), so they use wrapping arithmetic and skip the overflow checks.
    table.withColumns { state, contribution in
      totals.withColumns(from: base) { dueColumn, metColumn, completedColumn in
        for index in 0..<count {
          let flags = state[index]
          let success = Int(flags & DayTable.success)
          let skipped = flags & DayTable.skipped != 0
          metDays &+= success
          tracked &+= Int((flags & DayTable.tracked) >> 2)
          let outgoing = index >= score.window ? contribution[index &- score.window] : 0
          score.add(contribution[index], outgoing: outgoing, skip: skipped)
          if build { completedColumn[index] &+= Int32(success) }
          if countsFlexible {
            dueColumn[index] &+= Int32(success)
            metColumn[index] &+= Int32(success)
          }
          guard fixed else { continue }
          let isDue = due.isDue(at: index) ? 1 : 0
          let skip = skipped ? 1 : 0
          let neutral = skip | (index == openIndex ? 1 : 0)
          let counted = isDue & (1 &- skip)
          if countsDue {
            dueColumn[index] &+= Int32(counted)
            metColumn[index] &+= Int32(counted & success)
          }
          let extended = isDue & success
          let broken = isDue & (1 &- success) & (1 &- neutral)
          run = (run &+ extended) &* (1 &- broken)
          tally.expected &+= extended | broken
          tally.met &+= extended
          if extended == 1 { runEnd = index }
          if run > best {
            best = run
            bestEnd = index
          }
        }
      }
    }
    tally.goalMet = tally.met

    if let period {
      period.walk(table, from: habit.startDay) { state in
        finish(state, period, habit, today: today, streaks: &streaks, tally: &tally)
      }
    } else {
      streaks = StreakCounter(
        unit: .days,
        current: run == 0 ? nil : table.runStart(endingAt: runEnd, length: run, due: due),
        currentEnd: runEnd, currentLength: run,
        longest: best == 0 ? nil : table.runStart(endingAt: bestEnd, length: best, due: due),
        longestEnd: bestEnd, longestLength: best, origin: habit.startDay)
    }

    return HabitStats(
      habitID: habit.id,
      currentStreak: isEvent ? .none(.days) : streaks.current,
      longestStreak: isEvent ? .none(.days) : streaks.longest,
      completionRate: isEvent ? nil : Ratio(tally.met, of: tally.expected),
      goalProgress: goalProgress(
        habit, schedule: schedule, period: period, achieved: tally.goalMet),
      strength: score.score,
      metDays: metDays,
      trackedDays: tracked
    )
  }

  /// Closes a week, month or run of days of a flexible habit into the streaks and the tally; a
  /// run of days adds to a streak only its days within `window` when given.
  static func finish(
    _ state: PeriodState, _ period: Period, _ habit: Habit, today: Day,
    streaks: inout StreakCounter, tally: inout Tally, within window: ClosedRange<Day>? = nil
  ) {
    guard let bounds = state.bounds else { return }
    let required = period.required(in: bounds, habit: habit)
    guard required > 0 else { return }
    tally.goalMet += min(state.successes, required)
    switch period.judge(state, required: required, habit: habit, today: today) {
    case .met:
      let run = period.counted(bounds, habit: habit, today: today, within: window)
      if run.steps > 0 { streaks.met(run.first, through: run.last, length: run.steps) }
      tally.expected += required
      tally.met += required
    case .missed:
      streaks.missed()
      tally.expected += required
      tally.met += state.successes
    case .open:
      break
    }
  }

  static func scoreAccumulator(_ habit: Habit, schedule: Schedule)
    -> StrengthScore.Accumulator
  {
    let frequency = schedule.frequency
    let numeric: StrengthScore.NumericRule?
    switch habit.measure {
    case .done:
      numeric = nil
    case .count, .quantity:
      let threshold = habit.measure.threshold(for: habit.direction)
      numeric = StrengthScore.NumericRule(
        windowTarget: threshold * frequency.numerator, atMost: habit.direction == .quit)
    }
    return StrengthScore.Accumulator(
      numerator: frequency.numerator, denominator: frequency.denominator, numeric: numeric)
  }

  /// Met occurrences over all the occurrences the goal asks for.
  private static func goalProgress(
    _ habit: Habit, schedule: Schedule, period: Period?, achieved: Int
  ) -> Ratio? {
    guard let end = habit.endDay, end > habit.startDay else { return nil }
    let lastDay = end.advanced(by: -1)
    var required = 0
    if let period {
      var index = period.index(of: habit.startDay)
      let lastIndex = period.index(of: lastDay)
      while index <= lastIndex {
        required += period.required(in: period.bounds(of: index), habit: habit)
        index += 1
      }
    } else {
      var day = habit.startDay
      while day <= lastDay {
        if schedule.includes(day, start: habit.startDay) { required += 1 }
        day = day.advanced(by: 1)
      }
    }
    guard required > 0 else { return nil }
    return Ratio(min(achieved, required), of: required)
  }
}

/// A fixed schedule as a test on a day's index from the start, cheap enough for the hot loop.
struct DueDays {
  private let mask: UInt8
  private let interval: Int
  private let firstWeekday: Int

  init(_ schedule: Schedule, start: Day) {
    firstWeekday = start.weekday.rawValue - 1
    switch schedule {
    case .weekdays(let set):
      mask = set.rawValue
      interval = 1
    case .everyNDays(let days):
      mask = 0x7F
      interval = max(1, days)
    case .everyDay, .timesPerWeek, .timesPerMonth, .timesInDays:
      mask = 0x7F
      interval = 1
    }
  }

  @inline(__always)
  func isDue(at index: Int) -> Bool {
    if interval > 1 { return index % interval == 0 }
    if mask == 0x7F { return true }
    return mask & (1 << UInt8((firstWeekday + index) % 7)) != 0
  }

}

/// A flexible schedule's quota per week, month or run of days. A week is a run of 7 days that
/// begins on the person's first weekday, so the quota, the streak of weeks and the statistics'
/// weeks are the same seven days; Loop's "N times in M days" is a run of M days from the start.
struct Period {
  let times: Int
  /// A run's length in days; 0 for calendar months.
  let length: Int
  /// The first day of run 0, counted from 1970-01-01.
  let origin: Int
  /// Weeks and months are one step of a streak each; a run of days adds its days.
  let unit: Streak.Unit

  /// The quota of a flexible schedule of a habit that starts on `start`; nil for a fixed one.
  init?(_ schedule: Schedule, start: Day, firstWeekday: Weekday) {
    switch schedule {
    case .timesPerWeek(let times):
      // Week 0 holds Monday 1970-01-05.
      self.init(
        times: times, length: 7, origin: 4 - Weekday.monday.offset(from: firstWeekday), unit: .weeks
      )
    case .timesPerMonth(let times): self.init(times: times, length: 0, origin: 0, unit: .months)
    case .timesInDays(let times, let days):
      self.init(times: times, length: max(days, 1), origin: start.daysSince1970, unit: .days)
    case .everyDay, .weekdays, .everyNDays: return nil
    }
  }

  private init(times: Int, length: Int, origin: Int, unit: Streak.Unit) {
    self.times = times
    self.length = length
    self.origin = origin
    self.unit = unit
  }

  /// What a met period adds to a streak: a week or a month is one step over its whole span; a
  /// run of days adds its days within the habit's life, up to today, and within `window` when
  /// given (a statistics period).
  func counted(
    _ bounds: ClosedRange<Day>, habit: Habit, today: Day, within window: ClosedRange<Day>? = nil
  ) -> (first: Day, last: Day, steps: Int) {
    guard unit == .days else { return (bounds.lowerBound, bounds.upperBound, 1) }
    var first = max(bounds.lowerBound, habit.startDay)
    var last = min(bounds.upperBound, today)
    if let end = habit.endDay { last = min(last, end.advanced(by: -1)) }
    if let window {
      first = max(first, window.lowerBound)
      last = min(last, window.upperBound)
    }
    return (first, last, max(0, first.distance(to: last) + 1))
  }

  /// Runs are numbered from the one beginning on `origin`; months from January of year 0.
  func index(of day: Day) -> Int {
    guard length > 0 else {
      let civil = day.civil
      return civil.year * 12 + civil.month - 1
    }
    let offset = day.daysSince1970 - origin
    return offset >= 0 ? offset / length : (offset - length + 1) / length
  }

  func bounds(of index: Int) -> ClosedRange<Day> {
    guard length > 0 else {
      let year = index >= 0 ? index / 12 : (index - 11) / 12
      return YearMonth(year: year, month: index - year * 12 + 1)!.days
    }
    let first = Day(daysSince1970: index * length + origin)
    return first...first.advanced(by: length - 1)
  }

  /// Hands each week, month or run of days of `table` (whose days begin at `start`) to `close`,
  /// in order, with its successes and skips; only those of the days at `indexes` when given
  /// (whole periods, for the same figures as a walk over every day).
  func walk(
    _ table: DayTable, from start: Day, indexes: Range<Int>? = nil,
    _ close: (PeriodState) -> Void
  ) {
    let indexes = indexes ?? 0..<table.count
    var periodState = PeriodState()
    var periodEnd = start.advanced(by: indexes.lowerBound - 1)
    table.withColumns { state, _ in
      var day = start.advanced(by: indexes.lowerBound)
      for index in indexes {
        if day > periodEnd {
          close(periodState)
          let bounds = self.bounds(of: self.index(of: day))
          periodState = PeriodState(bounds: bounds)
          periodEnd = bounds.upperBound
        }
        periodState.successes += Int(state[index] & DayTable.success)
        periodState.skips += Int((state[index] & DayTable.skipped) >> 1)
        day = day.advanced(by: 1)
      }
    }
    close(periodState)
  }

  enum Outcome {
    case met
    case missed
    /// Still running, or skips cover the shortfall: neither extends nor ends a streak.
    case open
  }

  /// How a period with a quota of `required` went: met when the quota is reached, open while it
  /// is still running or when skips cover the shortfall, missed otherwise.
  func judge(_ state: PeriodState, required: Int, habit: Habit, today: Day) -> Outcome {
    guard let bounds = state.bounds else { return .open }
    if state.successes >= required { return .met }
    var lastOpenDay = bounds.upperBound
    if let end = habit.endDay, end.advanced(by: -1) < lastOpenDay {
      lastOpenDay = end.advanced(by: -1)
    }
    let stillRunning = lastOpenDay >= today
    return !stillRunning && state.successes + state.skips < required ? .missed : .open
  }

  /// The quota, cut down when the habit's life covers only part of the period.
  func required(in bounds: ClosedRange<Day>, habit: Habit) -> Int {
    let first = max(bounds.lowerBound, habit.startDay)
    var last = bounds.upperBound
    if let end = habit.endDay, end.advanced(by: -1) < last { last = end.advanced(by: -1) }
    guard first <= last else { return 0 }
    return min(times, first.distance(to: last) + 1)
  }
}

/// Running counts of expected and met occurrences.
struct Tally {
  var expected = 0
  var met = 0
  /// Met occurrences toward the goal, partial weeks and months included.
  var goalMet = 0
}

struct PeriodState {
  var bounds: ClosedRange<Day>?
  var successes = 0
  var skips = 0
}
