import HabitCore
import Testing

@Suite struct ValidationTests {
  private func problems(_ configure: (inout Habit) -> Void) -> [HabitError] {
    makeHabit(configure: configure).problems(in: Tracker())
  }

  @Test func aValidHabitHasNoProblems() {
    #expect(problems { _ in }.isEmpty)
  }

  @Test func anEmptyOrBlankTitleIsRefused() {
    #expect(problems { $0.title = "" } == [.emptyTitle])
    #expect(problems { $0.title = "   \n" } == [.emptyTitle])
    #expect(HabitError.emptyTitle.message == "Give your habit a name.")
  }

  @Test func titlesAreCountedAsPeopleCountCharacters() {
    let thirtyEight = String(repeating: "a", count: 38)
    #expect(problems { $0.title = thirtyEight }.isEmpty)
    #expect(problems { $0.title = thirtyEight + "b" } == [.titleTooLong(length: 39)])
    // Family emoji (7 scalars) and a flag (2 scalars) each count as one character.
    let emojiTitle = String(repeating: "👨‍👩‍👧‍👦", count: 19) + String(repeating: "🇫🇷", count: 19)
    #expect(problems { $0.title = emojiTitle }.isEmpty)
    #expect(problems { $0.title = "  " + thirtyEight + "  " }.isEmpty)
    #expect(HabitError.titleTooLong(length: 39).message.contains("38"))
  }

  @Test func aMissingOrDeletedCategoryIsRefused() {
    #expect(problems { $0.category = "" } == [.missingCategory])
    #expect(problems { $0.category = "gardening" } == [.unknownCategory])
  }

  @Test func aGoalNeedsAtLeastOneUnitAndAtMostTenYears() {
    #expect(problems { $0.goal = .days(0) } == [.goalNotPositive])
    #expect(problems { $0.goal = .weeks(-1) } == [.goalNotPositive])
    #expect(problems { $0.goal = .months(4000) } == [.goalTooLong])
    #expect(problems { $0.goal = .months(3) }.isEmpty)
  }

  @Test func schedulesMustBePossible() {
    #expect(problems { $0.schedule = .weekdays([]) } == [.noWeekdays])
    #expect(problems { $0.schedule = .everyNDays(0) } == [.intervalOutOfRange(0)])
    #expect(problems { $0.schedule = .everyNDays(400) } == [.intervalOutOfRange(400)])
    #expect(problems { $0.schedule = .timesPerWeek(8) } == [.timesPerWeekOutOfRange(8)])
    #expect(problems { $0.schedule = .timesPerMonth(0) } == [.timesPerMonthOutOfRange(0)])
    #expect(problems { $0.schedule = .weekdays([.monday]) }.isEmpty)
  }

  @Test func anIrregularEventIgnoresItsSchedule() {
    #expect(
      problems {
        $0.kind = .irregularEvent
        $0.schedule = .weekdays([])
      }.isEmpty)
  }

  @Test func countsAndQuantitiesNeedSensibleTargets() {
    #expect(problems { $0.measure = .count(step: 0, target: 5) } == [.countStepNotPositive])
    #expect(problems { $0.measure = .count(step: 1, target: 0) } == [.countTargetOutOfRange])
    #expect(
      problems { $0.measure = .quantity(target: .zero, unit: "glasses") } == [
        .quantityTargetNotPositive
      ])
    #expect(
      problems { $0.measure = .quantity(target: Amount(-2), unit: "glasses") } == [
        .quantityTargetNotPositive
      ])
    #expect(problems { $0.measure = .quantity(target: Amount(8), unit: "  ") } == [.missingUnit])
    #expect(
      problems {
        $0.measure = .quantity(target: Amount(8), unit: String(repeating: "x", count: 21))
      }
        == [.unitTooLong])
    #expect(
      problems { $0.measure = .quantity(target: Amount(2_000_000), unit: "steps") } == [
        .amountTooLarge
      ])
  }

  @Test func descriptionsEmojiAndRemindersAreChecked() {
    #expect(
      problems { $0.description = String(repeating: "x", count: 501) } == [
        .descriptionTooLong(length: 501)
      ])
    #expect(problems { $0.emoji = "🏃🏃" } == [.emojiNotSingle])
    #expect(problems { $0.emoji = "🏃‍♀️" }.isEmpty)
    #expect(
      problems { $0.reminders = Reminders(times: [ClockTime(hour: 7, minute: 30)!], weekdays: []) }
        == [.reminderWithoutWeekdays])
    #expect(
      problems { $0.reminders = Reminders(place: PlaceReminder(place: "gym", trigger: .arrive)) }
        == [.reminderPlaceUnknown])
  }

  @Test func everyProblemIsReportedAtOnceInFormOrder() {
    let found = problems {
      $0.title = ""
      $0.category = ""
      $0.goal = .days(0)
    }
    #expect(found == [.emptyTitle, .missingCategory, .goalNotPositive])
  }

  @Test func addingAnInvalidHabitSavesNothing() {
    var tracker = Tracker()
    #expect(throws: HabitError.emptyTitle) { try tracker.add(makeHabit(title: " ")) }
    #expect(tracker.habits.isEmpty)
    _ = try? tracker.add(makeHabit())
    #expect(throws: HabitError.habitAlreadyExists) { try tracker.add(makeHabit()) }
    #expect(throws: HabitError.titleTooLong(length: 40)) {
      try tracker.update(makeHabit(title: String(repeating: "z", count: 40)))
    }
    #expect(tracker.habit("h1")?.title == "Read")
  }

  @Test func savedHabitsAreTrimmed() throws {
    var tracker = Tracker()
    let saved = try tracker.add(makeHabit(title: "  Drink water \n"))
    #expect(saved.title == "Drink water")
  }

  @Test func everyErrorHasAMessageForPeople() {
    let all: [HabitError] = [
      .emptyTitle, .titleTooLong(length: 40), .descriptionTooLong(length: 600), .missingCategory,
      .unknownCategory, .goalNotPositive, .goalTooLong, .noWeekdays, .intervalOutOfRange(0),
      .timesPerWeekOutOfRange(9), .timesPerMonthOutOfRange(40), .countStepNotPositive,
      .countTargetOutOfRange, .quantityTargetNotPositive, .missingUnit, .unitTooLong,
      .emojiNotSingle, .reminderWithoutWeekdays, .reminderPlaceUnknown,
      .futureDay(day("2030-01-01")),
      .dayBeforeStart(start: day("2026-01-01")), .dayAfterGoal(end: day("2026-02-01")),
      .wrongMeasure, .amountNegative, .amountTooLarge, .noteTooLong(length: 501), .habitNotFound,
      .habitAlreadyExists, .categoryNotFound, .categoryNameEmpty, .categoryNameTooLong(length: 31),
      .categoryNameTaken("Work"), .placeNameEmpty, .placeNotFound, .controlCharacter(.title),
      .controlCharacter(.note), .placeNameTooLong(length: 61),
      .startOutOfRange(latest: day("2027-01-01")), .dayTooEarly, .countNotWhole,
      .tooManyReminderTimes, .coordinatesOutOfRange, .radiusOutOfRange,
    ]
    let messages = all.map(\.message)
    #expect(Set(messages).count == all.count)
    for message in messages {
      #expect(message.hasSuffix(".") && !message.contains("Error"), "\(message)")
    }
    #expect(
      HabitError.futureDay(day("2030-01-01")).message
        == "1 January 2030 hasn't happened yet, so it can't be marked.")
    #expect(HabitError.dayAfterGoal(end: day("2026-02-01")).message.contains("31 January 2026"))
  }

  @Test func amountsParseAndPrintExactly() {
    #expect(Amount(parsing: "1.5") == Amount(thousandths: 1500))
    #expect(Amount(parsing: "2,25") == Amount(thousandths: 2250))
    #expect(Amount(parsing: "8") == Amount(8))
    #expect(Amount(parsing: "-1") == Amount(-1))
    for bad in ["", "1.2345", "abc", "1.2.3", "-", "1e3"] {
      #expect(Amount(parsing: bad) == nil, "\(bad)")
    }
    #expect(Amount(thousandths: 1500).text == "1.5")
    #expect(Amount(thousandths: 1050).text == "1.05")
    #expect(Amount(12).text == "12")
    #expect(Amount(thousandths: -250).text == "-0.25")
  }

  @Test func colorsAndClockTimesParse() {
    #expect(HabitColor(hex: "#5e35b1")?.hex == "#5E35B1")
    #expect(HabitColor(hex: "00897B")?.rgb == 0x00897B)
    #expect(HabitColor(hex: "#12345") == nil)
    #expect(HabitColor(hex: "#GGGGGG") == nil)
    #expect(ClockTime(text: "07:05")?.text == "07:05")
    #expect(ClockTime(text: "24:00") == nil)
    #expect(ClockTime(text: "7:5") == nil)
  }
}

/// Every face and importer matches category names by one rule.
@Test func categoryNamesMatchWithSpacesAroundAndCaseAside() throws {
  #expect(Category.nameKey("  Work ") == Category.nameKey("work"))
  #expect(Category.nameKey("Work") != Category.nameKey("Workout"))
  var tracker = Tracker()
  #expect(throws: HabitError.categoryNameTaken("work")) {
    try tracker.addCategory(id: "mine", name: " work ")
  }
}
