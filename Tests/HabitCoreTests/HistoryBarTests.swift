import HabitCore
import PropertyBased
import Testing

@Suite struct HistoryBarTests {
  @Test func aYesNoHabitsBarsCountMetDaysAgainstItsDueDays() throws {
    // Mondays and Thursdays from Sunday 1 November 2026; today Wednesday 11 November.
    let t = tracker(
      [makeHabit(start: "2026-11-01") { $0.schedule = .weekdays([.monday, .thursday]) }],
      done: ["h1": ["2026-11-02", "2026-11-05", "2026-11-09"]], today: "2026-11-11")
    let bars = try t.history(for: "h1", by: .week, today: day("2026-11-11"))
    #expect(
      bars == [
        // Sunday the 1st alone in the week of 26 October: nothing due there.
        HistoryBar(start: day("2026-10-26"), value: Amount(0), target: Amount(0)),
        HistoryBar(start: day("2026-11-02"), value: Amount(2), target: Amount(2)),
        // The running week asks for its Thursday too.
        HistoryBar(start: day("2026-11-09"), value: Amount(1), target: Amount(2)),
      ])
  }

  @Test func aQuantitysBarsSumItsAmountsAgainstTheTargetLine() throws {
    var t = tracker(
      [makeHabit(start: "2026-11-01") { $0.measure = .quantity(target: Amount(30), unit: "min") }]
    )
    let today = day("2026-11-30")
    try t.logAmount("h1", on: day("2026-11-01"), today: today, amount: Amount(thousandths: 12_500))
    try t.logAmount("h1", on: day("2026-11-20"), today: today, amount: Amount(45))
    let bars = try t.history(for: "h1", by: .month, today: today)
    #expect(
      bars == [
        HistoryBar(
          start: day("2026-11-01"), value: Amount(thousandths: 57_500), target: Amount(900))
      ])
    // A flexible quota spreads its ask over the week: 3 a week is 3/7 of a day's target each day.
    let weekly = tracker(
      [
        makeHabit(start: "2026-11-02") {
          $0.schedule = .timesPerWeek(3)
          $0.measure = .count(step: 1, target: 2)
        }
      ])
    #expect(
      try weekly.history(for: "h1", by: .week, today: day("2026-11-04")).map(\.target) == [
        Amount(6)
      ])
  }

  @Test func aMonthlyQuotaAsksItsTimesInEveryWholeMonthWhateverItsLength() throws {
    // 10 times a month from 1 January 2026: January has 31 days, February 28.
    let t = tracker(
      [makeHabit(start: "2026-01-01") { $0.schedule = .timesPerMonth(10) }],
      done: ["h1": days(from: "2026-01-01", count: 12)])
    let bars = try t.history(for: "h1", by: .month, today: day("2026-03-10"))
    #expect(bars.map(\.target) == [Amount(10), Amount(10), Amount(10)])
    #expect(bars.map(\.value) == [Amount(12), Amount(0), Amount(0)])
    // A quarter asks for its three months; a week for its share of the month it lies in.
    let quarters = try t.history(for: "h1", by: .quarter, today: day("2026-03-10"))
    #expect(quarters.map(\.target) == [Amount(30)])
    let weeks = try t.history(for: "h1", by: .week, today: day("2026-02-15"))
    // Monday 2 to Sunday 8 February: 7 of February's 28 days.
    #expect(weeks.first { $0.start == day("2026-02-02") }?.target == Amount(thousandths: 2_500))
  }

  @Test func anIrregularEventHasNoTarget() throws {
    let t = tracker(
      [makeHabit(start: "2026-11-01") { $0.kind = .irregularEvent }],
      done: ["h1": ["2026-11-03"]])
    let bars = try t.history(for: "h1", by: .year, today: day("2026-11-10"))
    #expect(bars == [HistoryBar(start: day("2026-01-01"), value: Amount(1), target: nil)])
  }

  @Test func barsPartitionTheDaysAndSumToWhatWasDone() async {
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
      let log = t.log(habit.id)
      let isYesNo = habit.measure == .done
      let lifeEnd = habit.endDay?.advanced(by: -1)
      for bucket in Bucket.allCases {
        for firstWeekday in [Weekday.monday, .sunday] {
          let bars = try! t.history(
            for: habit.id, by: bucket, today: today, firstWeekday: firstWeekday)
          guard let first = life.first, let last = life.last else {
            #expect(bars.isEmpty)
            continue
          }
          // One bar per bucket from the first day's to the last day's, none missing.
          #expect(bars.first?.start == bucket.start(of: first, firstWeekday: firstWeekday))
          #expect(bars.last?.start == bucket.start(of: last, firstWeekday: firstWeekday))
          for (earlier, later) in zip(bars, bars.dropFirst()) {
            #expect(bucket.next(after: earlier.start) == later.start)
          }
          let total = bars.reduce(Amount.zero) { $0 + $1.value }
          if isYesNo {
            #expect(total == Amount(stats.metDays))
          } else {
            let counted = log.entries.filter { $0.day >= first && $0.day <= last }
            #expect(total == counted.reduce(Amount.zero) { $0 + $1.countedValue })
          }
          for bar in bars {
            if habit.kind == .irregularEvent {
              #expect(bar.target == nil)
              continue
            }
            guard !habit.schedule.isFlexible else {
              #expect(bar.target.map { $0 >= .zero } == true)
              continue
            }
            // What the schedule asks in the bucket's part of the habit's life, days ahead too.
            var askedLast = bucket.next(after: bar.start).advanced(by: -1)
            if let lifeEnd, lifeEnd < askedLast { askedLast = lifeEnd }
            let askedFirst = max(bar.start, habit.startDay)
            let due =
              askedFirst > askedLast
              ? 0 : (askedFirst...askedLast).filter { Reference.isDue(habit, $0) }.count
            #expect(
              bar.target == habit.measure.threshold(for: habit.direction).perDay(isYesNo) * due)
          }
        }
      }
    }
  }
}

extension Amount {
  /// A yes/no day asks for one, whatever the threshold says (a habit to quit's is zero).
  fileprivate func perDay(_ isYesNo: Bool) -> Amount { isYesNo ? .one : self }
}
