import HabitCore
import HabitInterop
import HabitSync
import Testing

private let today = Day(iso: "2025-03-10")!

private func tableHabit(_ text: String) throws(ImportError) -> ImportDocument {
  try TableHabitJSON.read(ImportFile(path: "table-habit.json", text: text), today: today)
}

private func day(_ iso: String) -> Day { Day(iso: iso)! }

@Test func tableHabitExportKeepsEveryRecordColourGroupGoalAndFrequency() throws {
  let document = try TableHabitJSON.read(
    interopFixture("table-habit-export.json"), today: today)
  #expect(document.format == .tableHabit)
  #expect(
    document.habits.map { $0.habit.title } == [
      "Meditate", "Drink water", "Run", "Coffee", "Call family", "Stretch",
    ])
  #expect(document.habits.map { $0.habit.order } == Array(0..<6))
  #expect(document.categories.map { $0.name } == ["Mind", "Health"])

  let meditate = try #require(importedHabit("Meditate", in: document))
  #expect(meditate.habit.id == ImportID.habit(.tableHabit, "1735689600"))
  #expect(meditate.habit.description == "Ten quiet minutes")
  #expect(meditate.habit.category == document.categories[0].id)
  #expect(meditate.habit.color == HabitColor(rgb: 0xF44336))
  #expect(meditate.habit.schedule == .everyDay && meditate.habit.measure == .done)
  #expect(meditate.habit.startDay == day("2025-01-01"))
  #expect(meditate.habit.goal == .forever)
  #expect(
    meditate.habit.reminders
      == Reminders(
        times: [ClockTime(hour: 7, minute: 30)!], weekdays: [.monday, .wednesday, .friday]))
  #expect(
    meditate.entries == [
      Entry(day: day("2025-03-01"), value: .one),
      Entry(day: day("2025-03-02"), note: "Travelling, no \"quiet\" place", isSkipped: true),
      Entry(day: day("2025-03-03"), note: "Forgot"),
      Entry(day: day("2025-03-04"), value: .one, note: "Evening instead"),
    ])

  let water = try #require(importedHabit("Drink water", in: document))
  #expect(water.habit.color == HabitColor(rgb: 0x336699))
  #expect(water.habit.measure == .count(step: 1, target: 8))
  #expect(water.habit.schedule == .everyDay)
  #expect(water.habit.goal == .days(365))
  #expect(water.entries.map { $0.value } == [Amount(8), Amount(5)])

  let run = try #require(importedHabit("Run", in: document))
  #expect(run.habit.isArchived)
  #expect(run.habit.measure == .quantity(target: Amount(5), unit: "km"))
  #expect(run.habit.schedule == .timesPerWeek(3))
  #expect(run.entries.map { $0.value.thousandths } == [5125, 2500])
  #expect(run.entries.last?.note == "Knee hurt")

  let coffee = try #require(importedHabit("Coffee", in: document))
  #expect(coffee.habit.direction == .quit)
  #expect(coffee.habit.measure == .quantity(target: Amount(2), unit: "cups"))
  #expect(coffee.habit.schedule == .everyDay)
  #expect(coffee.habit.category == CategoryID("self"))

  #expect(importedHabit("Deleted one", in: document) == nil)
  #expect(importedHabit("Call family", in: document)?.habit.schedule == .timesPerMonth(4))
  #expect(importedHabit("Call family", in: document)?.habit.goal == .days(66))
  #expect(importedHabit("Stretch", in: document)?.habit.schedule == .timesInDays(times: 2, days: 5))

  #expect(
    Set(document.approximations.map { $0.habitTitle }) == [
      "Meditate", "Run", "Coffee", "Deleted one",
    ])
}

@Test func tableHabitImportAppliesToAnEmptyReplica() throws {
  let document = try TableHabitJSON.read(
    interopFixture("table-habit-export.json"), today: today)
  var replica = Replica(device: "test")
  let summary = try replica.apply(document, mode: .merge, wall: 1_000, today: today)
  #expect(summary.habitsAdded == 6)
  let run = ImportID.habit(.tableHabit, "1735689602")
  #expect(replica.tracker.log(run)[day("2025-01-02")]?.value == Amount(thousandths: 5125))
}

@Test func tableHabitRefusesAFileThatIsNotJSON() {
  #expect(throws: ImportError.self) { try tableHabit("<html></html>") }
}

@Test func tableHabitRefusesATruncatedFile() {
  let error = #expect(throws: ImportError.self) {
    try tableHabit("{\"habits\":[\n{\"name\":\"Run\",\"records\":[{\"record_date\":20")
  }
  #expect(error?.line == 2)
}

@Test func tableHabitRefusesAFileWithoutHabits() {
  let error = #expect(throws: ImportError.self) { try tableHabit("[{\"name\":\"Run\"}]") }
  #expect(error?.message == "The file must be an object, not an array.")
}

@Test func tableHabitRefusesARecordDateThatIsNotADayNumber() {
  let text = """
    {"habits":[{"name":"Run","records":[
      {"record_date":20148,"record_type":1},
      {"record_date":"2021-02-30","record_type":1}
    ]}]}
    """
  let error = #expect(throws: ImportError.self) { try tableHabit(text) }
  #expect(error?.line == 3)
  #expect(error?.message.hasPrefix("habits[0].records[1].record_date: must be a number") == true)
}

@Test func tableHabitRefusesAHabitInAGroupTheFileDoesNotDefine() {
  let text = """
    {"habits":[{"name":"Run","records":[]},
      {"name":"Swim","group_id":"g-9","records":[]}],
     "groups":[{"uuid":"g-1","name":"Health"}]}
    """
  let error = #expect(throws: ImportError.self) { try tableHabit(text) }
  #expect(error?.line == 2)
  #expect(error?.message.contains("group g-9, which the file does not define") == true)
}

@Test func tableHabitRefusesTwoHabitsOfTheSameName() {
  let error = #expect(throws: ImportError.self) {
    try tableHabit("{\"habits\":[{\"name\":\"Run\"},\n{\"name\":\"RUN\"}]}")
  }
  #expect(error?.line == 2)
}

@Test func tableHabitRefusesAnUnknownRecordType() {
  let error = #expect(throws: ImportError.self) {
    try tableHabit(
      "{\"habits\":[{\"name\":\"Run\",\"records\":[{\"record_date\":1,\"record_type\":7}]}]}")
  }
  #expect(error?.message.contains("7 is not a record type") == true)
}
