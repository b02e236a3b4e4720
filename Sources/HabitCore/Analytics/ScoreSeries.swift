/// The strength score over a bucket of days (their average, as Loop's score chart groups them).
public struct ScorePoint: Hashable, Sendable {
  public let start: Day
  /// 0…1.
  public let score: Double

  public init(start: Day, score: Double) {
    self.start = start
    self.score = score
  }

  /// As a whole percent.
  public var percent: Int { Int(score * 100 + 0.5) }
}

extension HabitDays {
  /// The score at the end of each day from the start: the same steps the statistics take, so the
  /// last one is the habit's strength.
  func dailyScores() -> [Double] {
    var score = HabitAnalysis.scoreAccumulator(habit, schedule: habit.effectiveSchedule)
    var scores: [Double] = []
    scores.reserveCapacity(count)
    table.withColumns { state, contribution in
      for index in 0..<count {
        let outgoing = index >= score.window ? contribution[index - score.window] : 0
        score.add(
          contribution[index], outgoing: outgoing, skip: state[index] & DayTable.skipped != 0)
        scores.append(score.score)
      }
    }
    return scores
  }
}

extension Tracker {
  /// A habit's strength at the end of each day from its start to today (or its goal's end).
  public func dailyScores(for id: HabitID, today: Day) throws(HabitError) -> [Double] {
    try days(of: id, today: today).dailyScores()
  }

  /// The strength line of the detail's chart: one point per bucket, oldest first.
  public func scores(
    for id: HabitID, by bucket: Bucket, today: Day, firstWeekday: Weekday = .monday
  ) throws(HabitError) -> [ScorePoint] {
    let days = try days(of: id, today: today)
    let daily = days.dailyScores()
    guard !daily.isEmpty else { return [] }
    var points: [ScorePoint] = []
    for span in bucket.spans(covering: days.habit.startDay...days.last, firstWeekday: firstWeekday)
    {
      var sum = 0.0
      for index in days.index(of: span.lowerBound)...days.index(of: span.upperBound) {
        sum += daily[index]
      }
      let start = bucket.start(of: span.lowerBound, firstWeekday: firstWeekday)
      points.append(
        ScorePoint(
          start: start, score: sum / Double(span.lowerBound.distance(to: span.upperBound) + 1)))
    }
    return points
  }
}
