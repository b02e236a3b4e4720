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
    text == "Date,Habit,Category,Value,Unit,Skipped,Mark,Note\r\n"
      + "2025-03-01,\"Run, fast\",Health,,km,yes,,Sick\r\n"
      + "2025-03-01,Water,Self,6,,,,\r\n"
      + "2025-03-02,\"Read \"\"books\"\"\",Academic,1,,,,\r\n"
      + "2025-03-02,\"Run, fast\",Health,5.125,km,,,\"Hills, \"\"steep\"\"\nthen flat\"\r\n"
      + "2025-03-03,\"Read \"\"books\"\"\",Academic,,,,no,\r\n")
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
      == Array("Date,Habit,Category,Value,Unit,Skipped,Mark,Note\r\n".utf8))
}
