import HabitCore
import PropertyBased
import Testing

/// The day a habit comes up next, for telling a person where a habit they cannot see went.
@Suite struct NextDueTests {
  @Test func aHabitDueOnTheDayIsDueThatDay() {
    let habit = makeHabit(start: "2026-11-01")
    #expect(habit.nextDue(onOrAfter: day("2026-11-22")) == day("2026-11-22"))
  }

  @Test func chosenWeekdaysComeUpOnTheNextChosenWeekday() {
    // 2026-11-22 is a Sunday; the next Thursday is the 26th.
    let habit = makeHabit(start: "2026-11-01") { $0.schedule = .weekdays([.thursday]) }
    #expect(habit.nextDue(onOrAfter: day("2026-11-22")) == day("2026-11-26"))
    #expect(habit.nextDue(onOrAfter: day("2026-11-26")) == day("2026-11-26"))
    #expect(habit.nextDue(onOrAfter: day("2026-11-27")) == day("2026-12-03"))
  }

  @Test func aHabitStartingLaterIsFirstDueOnItsStart() {
    let habit = makeHabit(start: "2026-12-05")
    #expect(habit.nextDue(onOrAfter: day("2026-11-22")) == day("2026-12-05"))
    let weekly = makeHabit(start: "2026-12-05") { $0.schedule = .weekdays([.monday]) }
    #expect(weekly.nextDue(onOrAfter: day("2026-11-22")) == day("2026-12-07"))
  }

  @Test func everyFewDaysCountsFromTheStart() {
    let habit = makeHabit(start: "2026-11-20") { $0.schedule = .everyNDays(3) }
    #expect(habit.nextDue(onOrAfter: day("2026-11-20")) == day("2026-11-20"))
    #expect(habit.nextDue(onOrAfter: day("2026-11-21")) == day("2026-11-23"))
    #expect(habit.nextDue(onOrAfter: day("2026-11-23")) == day("2026-11-23"))
  }

  @Test func aHabitWhoseGoalIsOverIsNeverDueAgain() {
    let habit = makeHabit(start: "2026-11-01") { $0.goal = .days(10) }
    #expect(habit.nextDue(onOrAfter: day("2026-11-10")) == day("2026-11-10"))
    #expect(habit.nextDue(onOrAfter: day("2026-11-11")) == nil)
    let weekly = makeHabit(start: "2026-11-02") {
      $0.goal = .days(3)
      $0.schedule = .weekdays([.friday])
    }
    #expect(weekly.nextDue(onOrAfter: day("2026-11-02")) == nil)
  }

  @Test func anIrregularEventIsOpenEveryDay() {
    let event = makeHabit(start: "2026-11-01") {
      $0.kind = .irregularEvent
      $0.schedule = .weekdays([.monday])
    }
    #expect(event.nextDue(onOrAfter: day("2026-11-22")) == day("2026-11-22"))
  }

  /// Whatever the schedule, start, goal and day: the answer is scheduled, not before the day, and
  /// no scheduled day lies between; nil only when no day in the habit's life is scheduled.
  @Test func theNextDueDayIsTheFirstScheduledDayFromTheGivenDay() async {
    await propertyCheck(
      count: 1500, input: Gen.int(in: 0...7), Gen.int(in: 0...127), Gen.int(in: -40...40),
      Gen.int(in: -40...40), Gen.int(in: 0...30)
    ) { kind, number, startOffset, dayOffset, goalDays in
      let base = day("2026-11-22")
      var habit = makeHabit(start: base.advanced(by: startOffset).iso)
      switch kind {
      case 0: habit.schedule = .everyDay
      case 1: habit.schedule = .weekdays(WeekdaySet(rawValue: UInt8(number)))
      case 2: habit.schedule = .everyNDays(number % 9 + 1)
      case 3: habit.schedule = .timesPerWeek(number % 7 + 1)
      case 4: habit.schedule = .timesPerMonth(number % 28 + 1)
      case 5: habit.kind = .irregularEvent
      case 6: habit.schedule = .timesInDays(times: number % 3 + 1, days: number % 6 + 3)
      default: habit.schedule = .weekdays(WeekdaySet(rawValue: UInt8(number)))
      }
      if goalDays > 0 { habit.goal = .days(goalDays) }
      let from = base.advanced(by: dayOffset)
      // Every scheduled day repeats within 9 days of the start, so 100 days cover the question.
      let scheduled = (0..<100).map { from.advanced(by: $0) }.first { habit.isScheduled(on: $0) }
      #expect(habit.nextDue(onOrAfter: from) == scheduled)
    }
  }
}
