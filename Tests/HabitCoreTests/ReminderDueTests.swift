import HabitCore
import PropertyBased
import Testing

/// The one rule for "is this reminder due": every delivery path asks it.
@Suite struct ReminderDueTests {
  private func time(_ text: String) -> ClockTime {
    guard let time = ClockTime(text: text) else { fatalError("bad test time \(text)") }
    return time
  }

  private func reading(_ times: [String], weekdays: WeekdaySet = .everyDay) -> (inout Habit) -> Void
  {
    { $0.reminders = Reminders(times: times.map(self.time), weekdays: weekdays) }
  }

  @Test func aReminderIsDueInTheStretchThatHoldsItsMinute() {
    let habits = tracker([makeHabit(configure: reading(["21:30", "07:00"]))])
    let day = day("2026-11-23")
    #expect(
      habits.dueReminders(on: day, after: 21 * 60 + 29, through: 21 * 60 + 30)
        == [DueReminder(habit: "h1", day: day, time: time("21:30"))])
    #expect(habits.dueReminders(on: day, after: 21 * 60 + 30, through: 21 * 60 + 40).isEmpty)
    #expect(
      habits.dueReminders(on: day, after: -1, through: 24 * 60).map(\.time) == [
        time("07:00"), time("21:30"),
      ])
  }

  @Test func aHabitDoneOrSkippedThatDayStaysQuiet() throws {
    var habits = tracker([makeHabit(configure: reading(["21:30"]))])
    let monday = day("2026-11-23")
    _ = try habits.complete("h1", on: monday, today: monday)
    #expect(habits.dueReminders(on: monday, after: -1, through: 24 * 60).isEmpty)
    let tuesday = day("2026-11-24")
    _ = try habits.skip("h1", on: tuesday, today: tuesday)
    #expect(habits.dueReminders(on: tuesday, after: -1, through: 24 * 60).isEmpty)
    #expect(habits.dueReminders(on: day("2026-11-25"), after: -1, through: 24 * 60).count == 1)
  }

  @Test func anArchivedHabitOrOneNotYetStartedStaysQuiet() {
    let archived = makeHabit(
      "a",
      configure: {
        self.reading(["08:00"])(&$0)
        $0.isArchived = true
      })
    let later = makeHabit("b", start: "2026-12-01", configure: reading(["08:00"]))
    let habits = tracker([archived, later])
    #expect(habits.dueReminders(on: day("2026-11-23"), after: -1, through: 24 * 60).isEmpty)
    #expect(habits.dueReminders(on: day("2026-12-01"), after: -1, through: 24 * 60).count == 1)
  }

  @Test func onlyTheReminderWeekdaysThatTheScheduleAsksForRemind() {
    let habit = makeHabit {
      self.reading(["18:00"], weekdays: [.monday, .tuesday])(&$0)
      $0.schedule = .weekdays([.tuesday, .wednesday])
    }
    // 2026-11-23 is a Monday.
    #expect(!habit.remindsOn(day("2026-11-23"), entry: nil))
    #expect(habit.remindsOn(day("2026-11-24"), entry: nil))
    #expect(!habit.remindsOn(day("2026-11-25"), entry: nil))
  }

  @Test func theNextReminderSkipsToTheNextDayWithOne() {
    let habit = makeHabit(configure: reading(["09:00"], weekdays: [.friday]))
    let next = habit.nextReminder(after: day("2026-11-23"), minute: 600, entry: nil)
    #expect(next == DueReminder(habit: "h1", day: day("2026-11-27"), time: time("09:00")))
    #expect(makeHabit().nextReminder(after: day("2026-11-23"), minute: 0, entry: nil) == nil)
  }

  /// Whatever the schedule, reminder days and times: the next reminder after a moment is due at
  /// its own minute, and nothing is due between the moment and it (nil: nothing is ever due).
  @Test func theNextReminderIsTheFirstDueOneAfterTheMoment() async {
    await propertyCheck(
      count: 800, input: Gen.int(in: 1...127), Gen.int(in: 0...2), Gen.int(in: 0...1439),
      Gen.int(in: 0...1439), Gen.int(in: 0...20)
    ) { weekdayBits, kind, first, minute, offset in
      let schedules: [Schedule] = [.everyDay, .weekdays([.monday, .thursday]), .everyNDays(3)]
      let habit = makeHabit(start: "2026-11-01") {
        $0.schedule = schedules[kind]
        $0.reminders = Reminders(
          times: [ClockTime(hour: first / 60, minute: first % 60)!],
          weekdays: WeekdaySet(rawValue: UInt8(weekdayBits)))
      }
      let habits = tracker([habit])
      let start = day("2026-11-01").advanced(by: offset)
      guard let next = habits.nextReminder(after: start, minute: minute) else {
        // None at all: these schedules repeat within six weeks, so none is due in them.
        for offset in 1...42 {
          #expect(
            habits.dueReminders(on: start.advanced(by: offset), after: -1, through: 24 * 60)
              .isEmpty)
        }
        return
      }
      #expect(
        habits.dueReminders(
          on: next.day, after: next.time.minutesSinceMidnight - 1,
          through: next.time.minutesSinceMidnight
        ) == [next])
      var day = start
      while day < next.day {
        let after = day == start ? minute : -1
        #expect(habits.dueReminders(on: day, after: after, through: 24 * 60).isEmpty)
        day = day.advanced(by: 1)
      }
      if next.day == start { #expect(next.time.minutesSinceMidnight > minute) }
    }
  }

  @Test func aPlaceAddressIsKeptTrimmedAndLimited() throws {
    var habits = Tracker()
    try habits.savePlace(
      Place(
        id: "home", name: "Home", latitudeMicro: 48_856_600, longitudeMicro: 2_352_200,
        address: "  1 Rue de Rivoli\nParis  "))
    #expect(habits.places["home"]?.address == "1 Rue de Rivoli\nParis")
    let long = Place(
      id: "far", name: "Far", latitudeMicro: 0, longitudeMicro: 0,
      address: String(repeating: "a", count: Place.maximumAddressLength + 1))
    #expect(throws: HabitError.placeAddressTooLong(length: Place.maximumAddressLength + 1)) {
      try habits.savePlace(long)
    }
  }
}
