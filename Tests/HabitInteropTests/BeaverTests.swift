import HabitCore
import HabitInterop
import HabitSync
import Testing

private let today = Day(iso: "2025-03-10")!

private func beaver(_ text: String) throws(ImportError) -> ImportDocument {
  try BeaverJSON.read(ImportFile(path: "beaver.json", text: text), today: today)
}

@Test func beaverExportKeepsEveryTickUntickSkipNoteAndHabitSetting() throws {
  let document = try BeaverJSON.read(interopFixture("beaver-export.json"), today: today)
  #expect(document.format == .beaver)
  #expect(
    document.habits.map { $0.habit.title } == [
      "Meditate", "Gym", "Water plants", "Read", "Call family",
    ])
  #expect(document.habits.map { $0.habit.order } == [0, 1, 2, 3, 4])

  let meditate = try #require(importedHabit("Meditate", in: document)).habit
  #expect(meditate.isPinned)
  #expect(!meditate.isArchived)
  #expect(meditate.schedule == .everyDay)
  #expect(meditate.startDay == Day(iso: "2025-03-01"))
  #expect(meditate.id == ImportID.habit(.beaver, "k3Jd9s"))
  #expect(
    importedEntry("Meditate", "2025-03-01", in: document)
      == Entry(day: Day(iso: "2025-03-01")!, value: .one))
  #expect(
    importedEntry("Meditate", "2025-03-02", in: document)
      == Entry(day: Day(iso: "2025-03-02")!, note: "Too tired", mark: .no))
  #expect(
    importedEntry("Meditate", "2025-03-03", in: document)?.note
      == "20 minutes, \"deep\"\nsecond line")
  let skipped = try #require(importedEntry("Meditate", "2025-03-04", in: document))
  #expect(skipped.isSkipped && skipped.value == .zero && skipped.note == "Travelling\n\n#amber")
  #expect(importedEntry("Meditate", "2025-03-05", in: document)?.mark == EntryMark.no)

  let categories = document.categories.map { $0.name }
  #expect(categories == ["Mind", "Health", "Social"])
  #expect(importedHabit("Read", in: document)?.habit.category == document.categories[0].id)
  #expect(importedHabit("Gym", in: document)?.habit.schedule == .timesPerWeek(3))
  #expect(importedHabit("Gym", in: document)?.entries.count == 2)

  let plants = try #require(importedHabit("Water plants", in: document)).habit
  #expect(plants.isArchived)
  // Beaver's "once every 3 days" is Loop's schedule of the same words, kept exactly.
  #expect(plants.schedule == .timesInDays(times: 1, days: 3))
  #expect(plants.category == CategoryID("self"))
  #expect(importedHabit("Read", in: document)?.habit.startDay == today)
  #expect(importedHabit("Old habit", in: document) == nil)
  #expect(
    importedHabit("Call family", in: document)?.habit.schedule == .timesInDays(times: 3, days: 14))

  let approximated = Set(document.approximations.map { $0.habitTitle })
  #expect(approximated == ["Meditate", "Old habit"])
}

@Test func beaverImportAppliedTwiceAddsNothingTheSecondTime() throws {
  let document = try BeaverJSON.read(interopFixture("beaver-export.json"), today: today)
  var replica = Replica(device: "test")
  let first = try replica.apply(document, mode: .merge, wall: 1_000, today: today)
  #expect(first.habitsAdded == 5)
  #expect(replica.tracker.log(ImportID.habit(.beaver, "k3Jd9s")).count == 5)
  let second = try replica.apply(document, mode: .merge, wall: 2_000, today: today)
  #expect(second.isEmpty)
}

@Test func beaverRefusesAFileThatIsNotJSON() {
  #expect(throws: ImportError.self) { try beaver("habits: none") }
}

@Test func beaverRefusesATruncatedFileNamingItsLastLine() {
  let error = #expect(throws: ImportError.self) {
    try beaver("{\"habits\": [\n  {\"name\": \"Run\",\n   \"records\": [")
  }
  #expect(error?.line == 3)
  #expect(error?.message.contains("ends too early") == true)
}

@Test func beaverRefusesHabitsThatAreNotAList() {
  let error = #expect(throws: ImportError.self) { try beaver("{\"habits\": {\"name\": \"Run\"}}") }
  #expect(error?.message == "habits: must be an array, not an object.")
}

@Test func beaverRefusesADayThatDoesNotExistOnItsLine() {
  let text = """
    {"habits": [
      {"name": "Run", "records": [
        {"day": "2021-02-28", "done": true},
        {"day": "2021-02-30", "done": true}
      ]}
    ]}
    """
  let error = #expect(throws: ImportError.self) { try beaver(text) }
  #expect(error?.file == "beaver.json")
  #expect(error?.line == 4)
  #expect(error?.message.contains("2021-02-30 is not a date") == true)
}

@Test func beaverRefusesTwoHabitsOfTheSameName() {
  let text = """
    {"habits": [
      {"name": "Run", "records": []},
      {"name": " run ", "records": []}
    ]}
    """
  let error = #expect(throws: ImportError.self) { try beaver(text) }
  #expect(error?.line == 3)
  #expect(error?.message.contains("Two habits are named \"run\"") == true)
}

@Test func beaverRefusesAPeriodItDoesNotKnow() {
  let text = """
    {"habits": [{"name": "Run", "records": [],
      "period": {"period_type": "Q", "period_count": 1, "target_count": 1}}]}
    """
  let error = #expect(throws: ImportError.self) { try beaver(text) }
  #expect(error?.line == 2)
}

@Test func beaversSkipTagBecomesTheSkipAndNeverANote() throws {
  let document = try beaver(
    #"""
    {"habits": [{"id": "r1", "name": "Run", "records": [
      {"day": "2025-03-01", "text": "#skip"},
      {"day": "2025-03-02", "text": "  #skip\n"},
      {"day": "2025-03-03", "text": "Sore knee #skip", "done": false},
      {"day": "2025-03-04", "text": "#skipping rope", "done": true}
    ]}]}
    """#)
  let run = try #require(importedHabit("Run", in: document))
  #expect(run.entries.map(\.isSkipped) == [true, true, true, false])
  #expect(run.entries.map(\.note) == ["", "", "Sore knee", "#skipping rope"])
}
