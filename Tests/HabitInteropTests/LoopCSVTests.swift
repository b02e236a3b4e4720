import HabitCore
import HabitInterop
import HabitSync
import Testing

/// Loop's CSV export arrives without losing anything: every kind of day, notes, amounts,
/// archived habits, colours and order, in the current and the older formats.
@Suite struct LoopCSVTests {
  private func day(_ iso: String) -> Day { LoopCSVFixtures.day(iso) }

  private func lossless() throws -> ImportDocument {
    try LoopCSVFixtures.document("loop-lossless")
  }

  private func entry(_ title: String, _ iso: String) throws -> Entry? {
    let habit = try #require(LoopCSVFixtures.habit(title, in: try lossless()))
    return habit.entries.first { $0.day == day(iso) }
  }

  @Test func aManualYesIsADoneDay() throws {
    #expect(try entry("Meditate", "2024-03-05")?.value == .one)
    #expect(
      try entry("Read, then sleep", "2024-03-03") == Entry(day: day("2024-03-03"), value: .one))
  }

  @Test func anAutomaticYesIsKeptAsItsMark() throws {
    #expect(try entry("Meditate", "2024-03-02") == Entry(day: day("2024-03-02"), mark: .auto))
    #expect(try entry("Read, then sleep", "2024-03-04")?.mark == .auto)
  }

  @Test func aNoIsKeptAsItsMark() throws {
    #expect(
      try entry("Meditate", "2024-03-04")
        == Entry(day: day("2024-03-04"), note: "He said \"no\"", mark: .no))
  }

  @Test func aSkipIsASkippedDay() throws {
    #expect(
      try entry("Read, then sleep", "2024-03-05")
        == Entry(day: day("2024-03-05"), note: "Travel", isSkipped: true))
  }

  @Test func anUnknownDayHoldsNothingAndTheHabitStartsAtItsFirstKnownDay() throws {
    #expect(try entry("Meditate", "2024-03-03") == nil)
    #expect(try entry("Meditate", "2024-03-01") == nil)
    let meditate = try #require(LoopCSVFixtures.habit("Meditate", in: try lossless()))
    #expect(meditate.habit.startDay == day("2024-03-02"))
  }

  @Test func amountsKeepTheirThousandthsUnitAndTarget() throws {
    let document = try lossless()
    let run = try #require(LoopCSVFixtures.habit("Run", in: document))
    #expect(run.habit.measure == .quantity(target: Amount(thousandths: 5_500), unit: "km"))
    #expect(run.habit.direction == .build)
    // Loop's logged 0 stays, as the day marked not done.
    #expect(
      run.entries.map(\.value) == [Amount(thousandths: 12_250), .zero, Amount(thousandths: 5_500)])
    #expect(run.entries.map(\.mark) == [.none, .no, .none])
    let coffee = try #require(LoopCSVFixtures.habit("Coffee", in: document))
    // At most: a habit to quit with that limit.
    #expect(coffee.habit.direction == .quit)
    #expect(coffee.habit.measure == .quantity(target: Amount(2), unit: "cups"))
    #expect(coffee.entries.map(\.value) == [Amount(3), Amount(1)])
  }

  @Test func notesArriveWithTheirCommasAndQuotes() throws {
    #expect(try entry("Meditate", "2024-03-05")?.note == "Calm, finally")
    #expect(try entry("Meditate", "2024-03-04")?.note == "He said \"no\"")
  }

  @Test func archivedColoursOrderAndFrequencyArrive() throws {
    let document = try lossless()
    #expect(
      document.habits.map(\.habit.title) == ["Meditate", "Read, then sleep", "Run", "Coffee"])
    #expect(document.habits.map(\.habit.order) == [0, 1, 2, 3])
    #expect(document.habits.map(\.habit.isArchived) == [false, true, false, false])
    #expect(
      document.habits.map(\.habit.color.hex) == ["#FF8F00", "#00897B", "#5E35B1", "#D32F2F"])
    #expect(document.habits[1].habit.schedule == .timesPerWeek(3))
    #expect(document.habits[0].habit.description == "Did you meditate?\n\nTen minutes")
    #expect(document.habits[2].habit.description == "How far?")
    #expect(
      document.approximations
        == [
          Approximation(
            habitTitle: "Meditate",
            message: "Loop's question and description are both kept in the description.")
        ])
  }

  @Test func everyCaseSurvivesTheReplica() throws {
    let document = try lossless()
    var replica = Replica(device: "web")
    try replica.apply(document, mode: .merge, wall: 1_795_348_800_000, today: day("2026-11-22"))
    for imported in document.habits {
      #expect(replica.tracker.habit(imported.habit.id)?.title == imported.habit.title)
      #expect(replica.tracker.log(imported.habit.id).entries == imported.entries)
    }
    let again = try replica.apply(
      try lossless(), mode: .merge, wall: 1_795_348_800_000, today: day("2026-11-22"))
    #expect(again.isEmpty)
  }

  @Test func everyFrequencyUpToAYearIsKeptExactlyAndOnlyALongerOneIsSaid() throws {
    let frequencies = [(1, 1), (1, 3), (3, 7), (10, 30), (4, 31), (2, 3), (3, 400)]
    var text = "Position,Name,Question,Description,NumRepetitions,Interval,Color\n"
    for (index, (times, days)) in frequencies.enumerated() {
      text += "00\(index + 1),Habit \(index),,,\(times),\(days),#5E35B1\n"
    }
    let document = try LoopCSV.document([ImportFile(path: "Habits.csv", text: text)])
    #expect(
      document.habits.map(\.habit.schedule) == [
        .everyDay, .everyNDays(3), .timesPerWeek(3), .timesPerMonth(10),
        .timesInDays(times: 4, days: 31), .timesInDays(times: 2, days: 3), .timesPerMonth(1),
      ])
    #expect(
      document.approximations == [
        Approximation(
          habitTitle: "Habit 6",
          message:
            "Loop's frequency of 3 in 400 days has no exact match; it is kept as once a month.")
      ])
  }

  @Test func aHabitsOwnFileWinsOverTheWideFile() throws {
    var files = try LoopCSVFixtures.files("loop-lossless")
    let index = try #require(files.firstIndex { $0.path == "001 Meditate/Checkmarks.csv" })
    files[index] = ImportFile(
      path: files[index].path, text: "Date,Value,Notes\n2024-03-05,SKIP,Away\n")
    let document = try LoopCSV.document(files)
    let meditate = try #require(LoopCSVFixtures.habit("Meditate", in: document))
    #expect(
      meditate.entries.first { $0.day == day("2024-03-05") }
        == Entry(day: day("2024-03-05"), note: "Away", isSkipped: true))
  }

  @Test func theCurrentExportArrivesWithItsNotesAndFrequency() throws {
    let document = try LoopCSVFixtures.document("loop-csv-current")
    #expect(document.habits.map(\.habit.title) == ["Meditate", "Wake up early"])
    let wake = document.habits[1]
    #expect(wake.habit.description == "Did you wake up before 6am?")
    #expect(wake.entries.count == 10 && wake.habit.startDay == day("2015-01-16"))
    #expect(wake.entries.first { $0.day == day("2015-01-24") }?.note == "Sick")
    #expect(
      wake.entries.first { $0.day == day("2015-01-23") }
        == Entry(day: day("2015-01-23"), note: "Forgot to do it, really", mark: .auto))
    #expect(wake.entries.first { $0.day == day("2015-01-19") }?.note == "\"Vacation\"")
    #expect(document.habits[0].entries.isEmpty)
    #expect(document.habits[0].habit.startDay == day("2015-01-16"))
    // 2 times in 3 days is a schedule here too, so Loop's scores are kept and nothing is said.
    #expect(wake.habit.schedule == .timesInDays(times: 2, days: 3))
    #expect(document.approximations.isEmpty)
  }

  @Test func theOlderExportWithEntryCellsAndNamesWithCommasArrives() throws {
    let document = try LoopCSVFixtures.document("loop-aorizon2022")
    #expect(document.habits.count == 13)
    let learn = try #require(LoopCSVFixtures.habit("Learn, wide 🌍", in: document))
    #expect(learn.entries.last == Entry(day: day("2022-02-06"), value: .one))
    let sleep = try #require(LoopCSVFixtures.habit("8h sleep 😴", in: document))
    #expect(sleep.habit.measure.kind == .quantity)
    #expect(sleep.entries.last?.value == Amount(8))
    #expect(sleep.habit.description == "Hours of sleep")
    let family = try #require(LoopCSVFixtures.habit("Do 🏂🎸⚽🎾👨‍👩‍👦‍👦", in: document))
    #expect(family.habit.color.hex == "#8E24AA")
    let exercise = try #require(LoopCSVFixtures.habit("Exercise🏅", in: document))
    #expect(exercise.habit.startDay == day("2021-07-03"))
  }

  @Test func skipsOfTheOlderNumbersArrive() throws {
    let document = try LoopCSVFixtures.document("loop-meshOlake")
    let wake = try #require(LoopCSVFixtures.habit("Wake Up Early", in: document))
    #expect(wake.entries.first { $0.day == day("2025-04-18") }?.isSkipped == true)
    #expect(wake.habit.startDay == day("2025-02-10"))
  }

  @Test func anExportOfCheckmarksAloneWithShortDatesArrives() throws {
    let document = try LoopCSVFixtures.document("loop-etiesch")
    #expect(document.habits.count == 32)
    let first = document.habits[0]
    #expect(first.habit.title == "Activité: en amoureux")
    #expect(first.habit.startDay == day("2023-12-31"))
    #expect(first.entries.first == Entry(day: day("2023-12-31"), value: .one))
    let numeric = document.habits.filter { $0.habit.measure.kind == .quantity }
    #expect(!numeric.isEmpty)
    #expect(document.habits.contains { $0.entries.contains { $0.mark == .auto } })
    var replica = Replica(device: "web")
    try replica.apply(document, mode: .merge, wall: 1_795_348_800_000, today: day("2026-11-22"))
    #expect(replica.tracker.habits.count == 32)
  }
}
