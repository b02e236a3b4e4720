import HabitCore
import PropertyBased
import Testing

@Suite struct ScoreSeriesTests {
  @Test func theDailyLineEndsAtTheHabitsStrength() throws {
    let t = tracker(
      [makeHabit(start: "2026-11-01")], done: ["h1": days(from: "2026-11-01", count: 20)])
    let daily = try t.dailyScores(for: "h1", today: day("2026-11-20"))
    #expect(daily.count == 20)
    #expect(abs(daily[0] - 0.051922) < 0.000_001)
    #expect(abs(daily[19] - 0.655747) < 0.000_001)
    #expect(zip(daily, daily.dropFirst()).allSatisfy { $0 < $1 })
  }

  @Test func aWeeksPointIsTheAverageOfItsDaysAndBeginsOnTheWeeksFirstDay() throws {
    // Wednesday 4 November to Sunday 15 November 2026, every day done.
    let t = tracker(
      [makeHabit(start: "2026-11-04")], done: ["h1": days(from: "2026-11-04", count: 12)])
    let today = day("2026-11-15")
    let daily = try t.dailyScores(for: "h1", today: today)
    let weeks = try t.scores(for: "h1", by: .week, today: today)
    #expect(weeks.map(\.start) == [day("2026-11-02"), day("2026-11-09")])
    #expect(abs(weeks[0].score - daily[0..<5].reduce(0, +) / 5) < 1e-12)
    #expect(abs(weeks[1].score - daily[5..<12].reduce(0, +) / 7) < 1e-12)
    let sundays = try t.scores(for: "h1", by: .week, today: today, firstWeekday: .sunday)
    #expect(sundays.map(\.start) == [day("2026-11-01"), day("2026-11-08"), day("2026-11-15")])
    #expect(sundays[2].score == daily[11])
    #expect(ScorePoint(start: today, score: 0.656).percent == 66)
  }

  @Test func aHabitThatHasNotStartedHasNoLine() throws {
    let t = tracker([makeHabit(start: "2026-12-01")])
    #expect(try t.dailyScores(for: "h1", today: day("2026-11-20")).isEmpty)
    #expect(try t.scores(for: "h1", by: .month, today: day("2026-11-20")).isEmpty)
  }

  @Test func theLineAgreesWithTheStatisticsAndItsBucketsAverageTheirDays() async {
    await propertyCheck(
      count: 300, input: Gen.int(in: 0...479).array(of: 0...90), Gen.int(in: 0...431),
      Gen.int(in: -3...150)
    ) { marks, configuration, todayOffset in
      var t = tracker([generatedHabit(configuration)])
      let habit = t.habit("h1")!
      applyMarks(marks, to: habit, in: &t, today: day("2026-12-31"))
      let today = habit.startDay.advanced(by: todayOffset)
      let stats = try! t.stats(for: habit.id, today: today)
      let life = Reference.life(of: habit, today: today)
      let daily = try! t.dailyScores(for: habit.id, today: today)
      #expect(daily.count == life.count)
      if let last = daily.last { #expect(last == stats.strength) }
      #expect(daily.allSatisfy { $0 >= 0 && $0 <= 1 })
      for bucket in Bucket.allCases {
        for firstWeekday in [Weekday.monday, .sunday] {
          let points = try! t.scores(
            for: habit.id, by: bucket, today: today, firstWeekday: firstWeekday)
          // Grouped here by each day's bucket, independently of `spans`.
          var groups: [Day: [Double]] = [:]
          for (day, score) in zip(life, daily) {
            groups[bucket.start(of: day, firstWeekday: firstWeekday), default: []].append(score)
          }
          #expect(points.map(\.start) == groups.keys.sorted())
          for point in points {
            let scores = groups[point.start] ?? []
            let average = scores.reduce(0, +) / Double(scores.count)
            #expect(abs(point.score - average) < 1e-12)
            #expect(point.score >= 0 && point.score <= 1)
          }
        }
      }
    }
  }
}
