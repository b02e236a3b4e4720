import HabitCore
import Testing

/// Loop Habit Tracker's exports as the oracle for the detail's score chart: each yes/no habit is
/// rebuilt as a real tracker through HabitCore's own actions, and its daily and bucketed
/// strength compared with the scores Loop wrote.
@Suite struct LoopScoreSeriesTests {
  /// Loop prints 4 decimals; a value on a rounding boundary may go either way.
  private static let tolerance = 0.000_05 + 1e-9

  /// The HabitFlow schedule with Loop's frequency; nil when there is none. Loop's "2 times in 3
  /// days" (the current export's `Wake up early`) has no HabitFlow schedule, so it is left out.
  private func schedule(numerator: Int, denominator: Int) -> Schedule? {
    switch (numerator, denominator) {
    case (1, 1): return .everyDay
    case (let times, 7): return .timesPerWeek(times)
    case (1, let days): return .everyNDays(days)
    default: return nil
    }
  }

  /// A tracker holding the habit from its first known day: a manual yes becomes a done day, a
  /// skip a skipped day, anything else nothing.
  private func rebuild(_ habit: LoopExport.Habit, days: [Day], schedule: Schedule) throws
    -> (Tracker, start: Day)
  {
    let firstKnown = habit.values.firstIndex { $0 != -1 } ?? 0
    let start = days[firstKnown]
    let today = days[days.count - 1]
    var tracker = Tracker()
    try tracker.add(
      Habit(
        id: "loop", title: "Loop habit", category: "health", schedule: schedule, startDay: start))
    for (day, value) in zip(days, habit.values) where day >= start {
      switch value {
      case 2: try tracker.complete("loop", on: day, today: today)
      case 3: try tracker.skip("loop", on: day, today: today)
      default: break
      }
    }
    return (tracker, start)
  }

  @Test(arguments: ["loop-meshOlake", "loop-aorizon2022", "loop-csv-current"])
  func theDailyAndBucketedScoresMatchLoopsExport(folder: String) throws {
    let export = try LoopExport(folder: folder)
    let today = export.days[export.days.count - 1]
    var checked = 0
    for habit in export.habits where !habit.isNumeric {
      guard let schedule = schedule(numerator: habit.numerator, denominator: habit.denominator)
      else { continue }
      let (tracker, start) = try rebuild(habit, days: export.days, schedule: schedule)
      let daily = try tracker.dailyScores(for: "loop", today: today)
      #expect(daily.count == start.distance(to: today) + 1)
      for (index, day) in export.days.enumerated() {
        let theirs = habit.expectedScores[index]
        // Before the first known day Loop's score is zero, and the habit has not started.
        let mine = day < start ? 0 : daily[start.distance(to: day)]
        #expect(
          abs(mine - theirs) <= Self.tolerance,
          "\(habit.name) on \(day.iso): \(mine) vs Loop's \(theirs)")
      }
      for bucket in [Bucket.week, .month] {
        let points = try tracker.scores(for: "loop", by: bucket, today: today)
        var loops: [Day: [Double]] = [:]
        for (index, day) in export.days.enumerated() where day >= start {
          loops[bucket.start(of: day, firstWeekday: .monday), default: []].append(
            habit.expectedScores[index])
        }
        #expect(points.map(\.start) == loops.keys.sorted())
        for point in points {
          let scores = loops[point.start] ?? []
          let average = scores.reduce(0, +) / Double(scores.count)
          #expect(
            abs(point.score - average) <= Self.tolerance,
            "\(habit.name), \(bucket) of \(point.start.iso): \(point.score) vs Loop's \(average)")
        }
      }
      checked += 1
    }
    #expect(
      checked >= (folder == "loop-csv-current" ? 1 : 9), "too few habits checked in \(folder)")
  }

  @Test func theCurrentExportFormatReadsAsTheOlderOne() throws {
    let export = try LoopExport(folder: "loop-csv-current")
    #expect(export.days.first == day("2015-01-16") && export.days.count == 10)
    #expect(export.habits.map(\.name) == ["Meditate", "Wake up early"])
    #expect(export.habits.map(\.numerator) == [1, 2] && export.habits[1].denominator == 3)
    // Newest first in the file: 25 January is YES_MANUAL, the 24th NO, the 23rd YES_AUTO.
    #expect(export.habits[1].values.suffix(3) == [1, 0, 2])
    #expect(export.habits[0].values.allSatisfy { $0 == -1 })
  }
}
