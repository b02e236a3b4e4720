import HabitCore
import Testing

/// Input that HabitCore accepted before and must refuse, each with its own code: the rules REST,
/// sync and the form share.
@Suite struct BadInputTests {
  private let today = day("2026-11-22")

  @Test func everyTextFieldHasALengthLimit() {
    for field in TextField.allCases {
      let long = String(repeating: "x", count: field.maximumLength + 1)
      let error = field.problem(long)
      #expect(error != nil, "\(field)")
      #expect(field.problem(String(repeating: "x", count: field.maximumLength)) == nil)
    }
    var tracker = Tracker()
    let huge = String(repeating: "x", count: 4_000_000)
    #expect(throws: HabitError.placeNameTooLong(length: 4_000_000)) {
      try tracker.savePlace(Place(id: "home", name: huge, latitudeMicro: 0, longitudeMicro: 0))
    }
    #expect(HabitError.placeNameTooLong(length: 61).code == "place_name_too_long")
    #expect(throws: HabitError.categoryNameTooLong(length: 31)) {
      try tracker.addCategory(id: "c", name: String(repeating: "y", count: 31))
    }
  }

  @Test func oneCharacterMadeOfThousandsOfMarksIsTooLong() {
    let zalgo = "a" + String(repeating: "\u{0301}", count: 5_000)
    #expect(Text.length(zalgo) == 1)
    #expect(TextField.title.problem(zalgo) == .titleTooLong(length: 5_001))
    #expect(TextField.emoji.problem(zalgo) == .emojiNotSingle)
    // Real emoji sequences stay well inside the byte cap.
    #expect(TextField.emoji.problem("👩🏽‍❤️‍💋‍👨🏿") == nil)
  }

  @Test func aTitleWithNoVisibleCharacterIsRefused() {
    for invisible in ["\u{200B}", "\u{0000}", "\u{FEFF}\u{200D}", "\u{3164}", " \u{2060} "] {
      #expect(
        makeHabit(title: invisible).problems(in: Tracker()) == [.emptyTitle],
        "\(Array(invisible.unicodeScalars))")
    }
    #expect(makeHabit(title: "🏃").problems(in: Tracker()).isEmpty)
  }

  @Test func controlCharactersAreRefusedWithTheirOwnCode() {
    #expect(makeHabit(title: "Run\u{0000}").problems(in: Tracker()) == [.controlCharacter(.title)])
    #expect(makeHabit(title: "Run\nfast").problems(in: Tracker()) == [.controlCharacter(.title)])
    #expect(HabitError.controlCharacter(.title).code == "control_character")
    #expect(
      makeHabit { $0.description = "Line one\nLine two\tend" }.problems(in: Tracker()).isEmpty)
    #expect(
      makeHabit { $0.description = "bell\u{07}" }.problems(in: Tracker()) == [
        .controlCharacter(.description)
      ])
    var tracker = Tracker()
    #expect(throws: HabitError.controlCharacter(.categoryName)) {
      try tracker.addCategory(id: "c", name: "Gym\u{1B}[31m")
    }
    #expect(throws: HabitError.placeNameEmpty) {
      try tracker.savePlace(Place(id: "p", name: "\u{200B}", latitudeMicro: 0, longitudeMicro: 0))
    }
  }

  @Test func startDatesStayBetween2000AndAYearFromToday() {
    func problems(_ start: String) -> [HabitError] {
      makeHabit(start: start).problems(in: Tracker(), today: today)
    }
    let latest = day("2027-11-22")
    #expect(problems("0001-01-01") == [.startOutOfRange(latest: latest)])
    #expect(problems("1999-12-31") == [.startOutOfRange(latest: latest)])
    #expect(problems("2000-01-01").isEmpty)
    #expect(problems("2027-11-22").isEmpty)
    #expect(problems("2027-11-23") == [.startOutOfRange(latest: latest)])
    #expect(
      HabitError.startOutOfRange(latest: latest).message
        == "A habit can start between 1 January 2000 and 22 November 2027.")
    var tracker = Tracker()
    #expect(throws: HabitError.startOutOfRange(latest: latest)) {
      try tracker.add(makeHabit(start: "0001-01-01"), today: today)
    }
    #expect(tracker.habits.isEmpty)
  }

  @Test func aHabitSavedBeforeTheStartRangeExistedCanStillBeRenamedButNotMovedOutOfRange() throws {
    var tracker = Tracker()
    try tracker.add(makeHabit(start: "1990-01-01"))
    var renamed = try #require(tracker.habits.values.first)
    renamed.title = "Renamed"
    try tracker.update(renamed, today: today)
    #expect(tracker.habits[renamed.id]?.title == "Renamed")
    var moved = renamed
    moved.startDay = day("1995-01-01")
    #expect(throws: HabitError.startOutOfRange(latest: day("2027-11-22"))) {
      try tracker.update(moved, today: today)
    }
  }

  @Test func paddingCountsTowardATextsByteLimit() {
    let padded = "A" + String(repeating: " ", count: 4_000_000)
    #expect(TextField.placeName.problem(padded) != nil)
    #expect(TextField.note.problem("  fine  ") == nil)
  }

  @Test func entriesBeforeTheYear2000AreRefused() throws {
    var tracker = Tracker()
    // A habit stored before the range existed (restored as merged state) keeps its old start.
    tracker.restore(makeHabit(start: "1990-01-01"))
    #expect(throws: HabitError.dayTooEarly) {
      try tracker.complete("h1", on: day("1999-12-31"), today: today)
    }
    try tracker.complete("h1", on: day("2000-01-01"), today: today)
    #expect(HabitError.dayTooEarly.code == "day_too_early")
  }

  @Test func aCountTakesOnlyWholeNumbers() throws {
    var tracker = Tracker()
    try tracker.add(makeHabit { $0.measure = .count(step: 1, target: 3) })
    let oneAndAHalf = try #require(Amount(parsing: "1,5"))
    #expect(throws: HabitError.countNotWhole) {
      try tracker.logAmount("h1", on: today, today: today, amount: oneAndAHalf)
    }
    #expect(tracker.log("h1").count == 0)
    try tracker.logAmount("h1", on: today, today: today, amount: Amount(2))
    try tracker.add(makeHabit("h2") { $0.measure = .quantity(target: Amount(2), unit: "l") })
    try tracker.logAmount("h2", on: today, today: today, amount: oneAndAHalf)
    #expect(HabitError.countNotWhole.code == "count_not_whole")
  }

  @Test func aCountTargetOfZeroIsRefusedForEveryDirection() {
    for direction in Direction.allCases {
      let habit = makeHabit {
        $0.measure = .count(step: 1, target: 0)
        $0.direction = direction
      }
      #expect(habit.problems(in: Tracker()) == [.countTargetOutOfRange])
    }
  }

  @Test func placesAndRemindersHaveLimits() {
    var tracker = Tracker()
    #expect(throws: HabitError.coordinatesOutOfRange) {
      try tracker.savePlace(
        Place(id: "p", name: "Pole", latitudeMicro: 91_000_000, longitudeMicro: 0))
    }
    #expect(throws: HabitError.radiusOutOfRange) {
      try tracker.savePlace(
        Place(id: "p", name: "Gym", latitudeMicro: 0, longitudeMicro: 0, radiusMeters: 0))
    }
    let times = (0..<11).map { ClockTime(hour: 8, minute: $0)! }
    #expect(
      makeHabit { $0.reminders = Reminders(times: times) }.problems(in: Tracker()) == [
        .tooManyReminderTimes
      ])
  }

  @Test func eachKindHasOneWireSpelling() {
    let schedules: [Schedule] = [
      .everyDay, .weekdays([.monday]), .everyNDays(2), .timesPerWeek(3), .timesPerMonth(4),
      .timesInDays(times: 2, days: 3),
    ]
    #expect(schedules.map(\.kind) == ScheduleKind.allCases)
    let numbered: [(Schedule, Int)] = [
      (.everyDay, 0), (.everyNDays(2), 2), (.timesPerWeek(3), 3), (.timesPerMonth(4), 4),
    ]
    for (schedule, number) in numbered {
      #expect(Schedule(schedule.kind, number: number, weekdays: []) == schedule)
    }
    #expect(Schedule(.weekdays, number: 0, weekdays: [.monday]) == .weekdays([.monday]))
    #expect(
      Schedule(.timesInDays, number: 2, days: 3, weekdays: []) == .timesInDays(times: 2, days: 3))
    let measures: [Measure] = [.done, .defaultCount, .quantity(target: .one, unit: "l")]
    #expect(measures.map(\.kind) == MeasureKind.allCases)
    let goals: [Goal] = [.forever, .days(3), .weeks(3), .months(3)]
    #expect(goals.map(\.kind) == GoalKind.allCases)
    for goal in goals { #expect(Goal(goal.kind, count: 3) == goal) }
    #expect(
      ScheduleKind.allCases.map(\.rawValue) == [
        "everyDay", "weekdays", "everyNDays", "timesPerWeek", "timesPerMonth", "timesInDays",
      ])
  }
}
