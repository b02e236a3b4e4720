import Foundation
import HabitCore
import HabitInterop
import HabitSync
import Testing

/// The outside oracle: Loop's exports imported and applied to a replica give every habit (yes/no,
/// and numeric with the rule the import finds) the strength score Loop itself wrote in
/// Scores.csv, day by day, to 4 decimals.
@Suite struct LoopScoreOracleTests {
  /// Loop prints 4 decimals; a value on a rounding boundary may go either way.
  private static let tolerance = 0.000_05 + 1e-9

  /// Loop's scores, oldest day first, one column per habit in Habits.csv's order (the header is
  /// not split: names with commas make it unreliable, and every score cell is a plain number).
  private func scores(_ folder: String) throws -> (days: [Day], columns: [[Double]]) {
    let url = LoopCSVFixtures.directory.appendingPathComponent(folder)
      .appendingPathComponent("Scores.csv")
    let lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline)
    var days: [Day] = []
    var columns: [[Double]] = []
    for line in lines.dropFirst().reversed() {
      var cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      if cells.last == "" { cells.removeLast() }
      days.append(LoopCSVFixtures.day(cells[0]))
      for (index, cell) in cells.dropFirst().enumerated() {
        if columns.count <= index { columns.append([]) }
        columns[index].append(try #require(Double(cell)))
      }
    }
    return (days, columns)
  }

  /// Loop's frequency of each habit, from Habits.csv (numerator, denominator).
  private func frequencies(_ folder: String) throws -> [(Int, Int)] {
    let files = try LoopCSVFixtures.files(folder)
    let table = try CSVTable(try #require(files.first { $0.path == "Habits.csv" }))
    let numerator = try #require(
      table.column("FrequencyNumerator") ?? table.column("NumRepetitions"))
    let denominator = try #require(
      table.column("FrequencyDenominator") ?? table.column("Interval"))
    return table.body.map { (Int($0.cells[numerator]) ?? 0, Int($0.cells[denominator]) ?? 0) }
  }

  @Test(arguments: ["loop-meshOlake", "loop-aorizon2022", "loop-csv-current"])
  func everyHabitsScoreMatchesLoopsOwn(folder: String) throws {
    let document = try LoopCSVFixtures.document(folder)
    let (days, loops) = try scores(folder)
    let frequency = try frequencies(folder)
    let today = try #require(days.last)
    var replica = Replica(device: "oracle")
    try replica.apply(document, mode: .merge, wall: 1_795_348_800_000, today: today)
    #expect(loops.count == document.habits.count)
    for (index, imported) in document.habits.enumerated() {
      let habit = try #require(replica.tracker.habit(imported.habit.id))
      // Every Loop frequency, "2 times in 3 days" too, has a schedule that scores as Loop does.
      let sameFrequency = habit.schedule.frequency == frequency[index]
      #expect(sameFrequency, "\(habit.title)'s schedule")
      let daily = try replica.tracker.dailyScores(for: habit.id, today: today)
      let mine = days.map { $0 < habit.startDay ? 0 : daily[habit.startDay.distance(to: $0)] }
      for (offset, day) in days.enumerated() {
        #expect(
          abs(mine[offset] - loops[index][offset]) <= Self.tolerance,
          "\(habit.title) on \(day.iso): \(mine[offset]) vs Loop's \(loops[index][offset])")
      }
    }
  }

  /// Loop's older export leaves out Vaping's rule (at most 80 puffs a day): the import finds it
  /// from Scores.csv, keeps the logged zeros and scores every day as Loop did.
  @Test func aNumericHabitOfTheOlderExportScoresAsLoopDid() throws {
    let folder = "loop-meshOlake"
    let document = try LoopCSVFixtures.document(folder)
    let (days, loops) = try scores(folder)
    let today = try #require(days.last)
    var replica = Replica(device: "oracle")
    try replica.apply(document, mode: .merge, wall: 1_795_348_800_000, today: today)
    let imported = try #require(LoopCSVFixtures.habit("Vaping", in: document))
    let habit = try #require(replica.tracker.habit(imported.habit.id))
    #expect(habit.direction == .quit)
    #expect(habit.measure.kind == .quantity)
    let zeros = replica.tracker.log(habit.id).entries.filter { $0.value == .zero && $0.mark == .no }
    #expect(zeros.count == 43)
    let daily = try replica.tracker.dailyScores(for: habit.id, today: today)
    for (offset, day) in days.enumerated() {
      let mine = day < habit.startDay ? 0 : daily[habit.startDay.distance(to: day)]
      #expect(
        abs(mine - loops[0][offset]) <= Self.tolerance,
        "Vaping on \(day.iso): \(mine) vs Loop's \(loops[0][offset])")
    }
  }
}
