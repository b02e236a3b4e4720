import HabitCore
import HabitInterop
import HabitSync
import Testing

private let today = Day(iso: "2025-03-10")!

private func harsh(habits: String, log: String) throws(ImportError) -> ImportDocument {
  try HarshFiles.read(
    habits: ImportFile(path: "habits", text: habits), log: ImportFile(path: "log", text: log),
    today: today)
}

private func day(_ iso: String) -> Day { Day(iso: iso)! }

@Test func harshFilesKeepEveryDoneNotDoneSkipAmountCommentHeadingAndOrder() throws {
  let document = try HarshFiles.read(
    habits: interopFixture("harsh-habits"), log: interopFixture("harsh-log"), today: today)
  #expect(document.format == .harsh)
  #expect(
    document.habits.map { $0.habit.title } == [
      "Gym", "Meditate", "Track weight", "Clean house", "Water plants", "Old course", "Read",
    ])
  #expect(document.habits.map { $0.habit.order } == Array(0..<7))
  #expect(document.categories.map { $0.name } == ["Health", "Home"])
  let home = document.categories[1].id
  #expect(importedHabit("Read", in: document)?.habit.category == home)
  #expect(importedHabit("Gym", in: document)?.habit.id == ImportID.habit(.harsh, "Gym"))

  let gym = try #require(importedHabit("Gym", in: document))
  #expect(gym.habit.schedule == .timesPerWeek(3))
  #expect(gym.habit.measure == .quantity(target: Amount(thousandths: 250), unit: "units"))
  #expect(gym.habit.startDay == day("2025-03-01"))
  #expect(
    gym.entries == [
      Entry(day: day("2025-03-01"), value: Amount(thousandths: 1500), note: "Leg day"),
      Entry(day: day("2025-03-02"), note: "Too tired", mark: .no),
      Entry(day: day("2025-03-03"), value: Amount(thousandths: 250), note: "Short one"),
    ])

  let meditate = try #require(importedHabit("Meditate", in: document))
  #expect(meditate.habit.schedule == .everyDay && meditate.habit.measure == .done)
  #expect(
    meditate.entries == [
      Entry(day: day("2025-03-01"), value: .one),
      Entry(day: day("2025-03-02"), note: "Travelling", isSkipped: true),
      Entry(day: day("2025-03-03"), value: .one, note: "changed my mind"),
    ])

  let weight = try #require(importedHabit("Track weight", in: document))
  #expect(weight.habit.schedule == .timesPerMonth(1))
  #expect(weight.entries.map { $0.value.thousandths } == [72_125, 71_900])
  #expect(importedEntry("Read", "2025-03-01", in: document)?.note == "Dune, ch. 1")
  #expect(importedEntry("Clean house", "2025-03-02", in: document)?.note == "Kitchen : deep clean")
  #expect(importedHabit("Clean house", in: document)?.habit.schedule == .timesPerWeek(1))
  #expect(
    importedHabit("Water plants", in: document)?.habit.schedule == .timesInDays(times: 1, days: 14))
  #expect(importedEntry("Water plants", "2025-03-03", in: document)?.isSkipped == true)
  #expect(importedHabit("Read", in: document)?.habit.schedule == .timesInDays(times: 2, days: 3))

  let course = try #require(importedHabit("Old course", in: document))
  #expect(course.habit.isArchived)
  #expect(course.habit.endDay == day("2025-02-21"))
  #expect(
    course.entries.last == Entry(day: day("2025-02-15"), note: "Skipped the lecture", mark: .no))

  #expect(
    Set(document.approximations.map { $0.habitTitle }) == [
      "Gym", "Track weight", "Water plants",
    ])
}

@Test func harshImportAppliesToAnEmptyReplica() throws {
  let document = try HarshFiles.read(
    habits: interopFixture("harsh-habits"), log: interopFixture("harsh-log"), today: today)
  var replica = Replica(device: "test")
  let summary = try replica.apply(document, mode: .merge, wall: 1_000, today: today)
  #expect(summary.habitsAdded == 7)
  let gym = ImportID.habit(.harsh, "Gym")
  #expect(replica.tracker.log(gym)[day("2025-03-02")]?.mark == EntryMark.no)
}

@Test func harshRefusesALogLineForAHabitTheHabitsFileDoesNotDefine() {
  let error = #expect(throws: ImportError.self) {
    try harsh(habits: "Gym: 3/7\n", log: "2025-03-01 : Gym : y\n2025-03-01 : Swim : y\n")
  }
  #expect(error?.file == "log")
  #expect(error?.line == 2)
  #expect(error?.message.contains("\"Swim\" is not a habit") == true)
}

@Test func harshRefusesADayThatDoesNotExist() {
  let error = #expect(throws: ImportError.self) {
    try harsh(habits: "Gym: 3/7\n", log: "# log\n2021-02-30 : Gym : y\n")
  }
  #expect(error?.line == 2)
  #expect(error?.message.hasPrefix("2021-02-30 is not a date") == true)
}

@Test func harshRefusesTwoHabitsOfTheSameName() {
  let error = #expect(throws: ImportError.self) {
    try harsh(habits: "! A\nGym: 3/7\n! B\ngym: 1\n", log: "")
  }
  #expect(error?.file == "habits")
  #expect(error?.line == 4)
}

@Test func harshRefusesLinesOfTheWrongShape() {
  #expect(throws: ImportError.self) { try harsh(habits: "Gym 3/7\n", log: "") }
  #expect(throws: ImportError.self) { try harsh(habits: "Gym: 8/7\n", log: "") }
  #expect(throws: ImportError.self) { try harsh(habits: "Gym: 3/0\n", log: "") }
  #expect(throws: ImportError.self) { try harsh(habits: "!Health\n", log: "") }
  #expect(throws: ImportError.self) { try harsh(habits: "Gym: 1\n", log: "2025-03-01 : Gym : x\n") }
  #expect(throws: ImportError.self) {
    try harsh(habits: "Gym: 1\n", log: "2025-03-01 : Gym : y : ok : lots\n")
  }
}

@Test func harshRefusesATruncatedLogNamingTheCutLine() {
  let error = #expect(throws: ImportError.self) {
    try harsh(habits: "Gym: 1\n", log: "2025-03-01 : Gym : y\n2025-03-02 : Gy")
  }
  #expect(error?.line == 2)
}

@Test func harshRefusesAFileThatIsNotText() {
  let error = #expect(throws: ImportError.self) {
    try HarshFiles.read(
      habits: ImportFile(path: "habits", bytes: [0xFF, 0xFE, 0x00]),
      log: ImportFile(path: "log", text: ""), today: today)
  }
  #expect(error?.file == "habits")
}
