public import HabitCore
public import HabitSync

/// The figures of a habit's detail charts, as the REST API's progress resource serves them: the
/// strength line, the history bars, every streak and the best five, and the frequency by weekday.
public struct HabitProgress: Hashable, Sendable {
  public let habitID: HabitID
  public let scoreBy: Bucket
  public let historyBy: Bucket
  public let firstWeekday: Weekday
  public let scores: [ScorePoint]
  public let history: [HistoryBar]
  public let bestStreaks: [Streak]
  public let streaks: [Streak]
  public let weekdays: [WeekdayFigure]

  /// How many of the longest streaks the detail lists.
  public static let bestStreakCount = 5

  public init(
    _ tracker: Tracker, habit id: HabitID, today: Day, scoreBy: Bucket, historyBy: Bucket,
    firstWeekday: Weekday
  ) throws(HabitError) {
    habitID = id
    self.scoreBy = scoreBy
    self.historyBy = historyBy
    self.firstWeekday = firstWeekday
    scores = try tracker.scores(for: id, by: scoreBy, today: today, firstWeekday: firstWeekday)
    history = try tracker.history(
      for: id, by: historyBy, today: today, firstWeekday: firstWeekday)
    streaks = try tracker.streaks(for: id, today: today, firstWeekday: firstWeekday)
    bestStreaks = Streak.best(streaks, limit: Self.bestStreakCount)
    weekdays = try tracker.weekdayFrequency(for: id, today: today)
  }
}

extension ResourceCodec {
  /// A habit's progress resource. Scores are Loop's 0…1 strength with 4 decimals (as Loop's own
  /// `Scores.csv`); history values and targets are amounts (decimal strings, like entries).
  public static func json(_ progress: HabitProgress) -> JSON {
    .object([
      ("habit", .string(progress.habitID.rawValue)),
      ("weekStart", .string(weekdayName(progress.firstWeekday))),
      ("scoreBy", .string(progress.scoreBy.rawValue)),
      (
        "scores",
        .array(
          progress.scores.map { point in
            .object([("start", .string(point.start.iso)), ("score", score(point.score))])
          })
      ),
      ("historyBy", .string(progress.historyBy.rawValue)),
      (
        "history",
        .array(
          progress.history.map { bar in
            .object([
              ("start", .string(bar.start.iso)), ("value", .string(bar.value.text)),
              ("target", bar.target.map { .string($0.text) } ?? .null),
            ])
          })
      ),
      ("bestStreaks", .array(progress.bestStreaks.map(json))),
      ("streaks", .array(progress.streaks.map(json))),
      ("weekdays", .array(progress.weekdays.map(json))),
    ])
  }

  /// A strength score as a JSON number with exactly 4 decimals, 0.0000 to 1.0000.
  static func score(_ value: Double) -> JSON {
    let tenThousandths = Int((min(1, max(0, value)) * 10_000).rounded())
    let fraction = String(tenThousandths % 10_000)
    return .number(
      String(tenThousandths / 10_000) + "."
        + String(repeating: "0", count: 4 - fraction.count) + fraction)
  }

  static func json(_ figure: WeekdayFigure) -> JSON {
    .object([
      ("weekday", .string(weekdayName(figure.weekday))),
      ("completions", .integer(figure.completions)),
      ("rate", json(figure.rate)),
    ])
  }
}
