import HabitCore
import HabitInterop
import HabitSync
import Testing

private let today = Day(iso: "2025-03-10")!

private func day(_ iso: String) -> Day { Day(iso: iso)! }

/// A tracker with a tap habit, a quantity habit and a count habit whose titles and notes need
/// quoting.
private func sampleTracker() throws -> Tracker {
  var replica = Replica(device: "csv")
  let run = Habit(
    id: "run", title: "Run, fast", category: "health",
    measure: .quantity(target: Amount(5), unit: "km"), startDay: day("2025-03-01"), order: 1)
  let read = Habit(
    id: "read", title: "Read \"books\"", category: "academic",
    startDay: day("2025-03-01"), order: 0)
  let water = Habit(
    id: "water", title: "Water", category: "self", measure: .count(step: 1, target: 8),
    startDay: day("2025-03-01"), order: 2)
  var wall: Int64 = 0
  func perform(_ action: Action) throws {
    wall += 1
    try replica.perform(action, wall: wall, today: today)
  }
  try perform(.addHabit(run))
  try perform(.addHabit(read))
  try perform(.addHabit(water))
  try perform(
    .setEntry(
      "run",
      Entry(
        day: day("2025-03-02"), value: Amount(thousandths: 5125),
        note: "Hills, \"steep\"\nthen flat")))
  try perform(.setEntry("read", Entry(day: day("2025-03-02"), value: .one)))
  try perform(.setEntry("water", Entry(day: day("2025-03-01"), value: Amount(6))))
  try perform(.setEntry("run", Entry(day: day("2025-03-01"), note: "Sick", isSkipped: true)))
  try perform(.setEntry("read", Entry(day: day("2025-03-03"), mark: .no)))
  return replica.tracker
}

@Test func csvExportHasOneRowPerHabitAndDaySortedByDateThenHabitOrder() throws {
  let text = String(decoding: CSVExport.csv(of: try sampleTracker()), as: UTF8.self)
  #expect(
    text == "Date,Habit,Habit ID,Category,Value,Unit,Skipped,Mark,Note\r\n"
      + "2025-03-01,\"Run, fast\",run,Health,,km,yes,,Sick\r\n"
      + "2025-03-01,Water,water,Self,6,,,,\r\n"
      + "2025-03-02,\"Read \"\"books\"\"\",read,Academic,1,,,,\r\n"
      + "2025-03-02,\"Run, fast\",run,Health,5.125,km,,,\"Hills, \"\"steep\"\"\nthen flat\"\r\n"
      + "2025-03-03,\"Read \"\"books\"\"\",read,Academic,,,,no,\r\n")
}

@Test func csvExportQuotesOnlyWhatRFC4180Requires() {
  #expect(CSVExport.quoted("plain") == "plain")
  #expect(CSVExport.quoted("a,b") == "\"a,b\"")
  #expect(CSVExport.quoted("say \"hi\"") == "\"say \"\"hi\"\"\"")
  #expect(CSVExport.quoted("two\r\nlines") == "\"two\r\nlines\"")
  #expect(CSVExport.quoted(" padded") == "\" padded\"")
  #expect(CSVExport.quoted("Ünïcödé 🎉") == "Ünïcödé 🎉")
}

@Test func csvExportOfAnEmptyTrackerIsTheHeaderAlone() {
  #expect(
    CSVExport.csv(of: Tracker())
      == Array("Date,Habit,Habit ID,Category,Value,Unit,Skipped,Mark,Note\r\n".utf8))
}

@Test func csvExportTellsApartHabitsWithTheSameTitle() throws {
  var replica = Replica(device: "csv")
  for (wall, id) in ["vegan-1", "vegan-2"].enumerated() {
    try replica.perform(
      .addHabit(Habit(id: HabitID(id), title: "Vegan", category: "health", startDay: today)),
      wall: Int64(wall + 1), today: today)
    try replica.perform(
      .setEntry(HabitID(id), Entry(day: today, value: .one)), wall: Int64(wall + 10), today: today)
  }
  let rows = String(decoding: CSVExport.csv(of: replica.tracker), as: UTF8.self)
    .split(separator: "\r\n").dropFirst()
  #expect(rows.count == 2)
  #expect(Set(rows).count == 2, "two habits named Vegan made identical rows")
}
