import HabitCore
import HabitInterop
import HabitSync

/// A Loop Habit Tracker export of `habits` habits over `years` years as Loop writes it: the
/// current Habits.csv (one habit in five numeric, some weekly) and the wide Checkmarks.csv,
/// newest day first with a trailing comma, every value kind present.
func makeLoopExport(habits count: Int, years: Int, today: Day) -> [ImportFile] {
  var random = SplitMix(state: 7)
  var habits =
    "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
    + "Target Type,Target Value,Archived?\n"
  var header = "Date"
  for index in 0..<count {
    let numeric = index % 5 == 4
    let frequency = index % 3 == 2 ? "3,7" : "1,1"
    let position = String(index + 1)
    habits +=
      String(repeating: "0", count: 3 - position.count) + position + ",Habit \(index),"
      + (numeric ? "NUMERICAL" : "YES_NO") + ",Did you?,," + frequency + ",#00897B,"
      + (numeric ? "km,AT_LEAST,5.0" : ",,") + ",false\n"
    header += ",Habit \(index)"
  }
  var checkmarks = header + ",\n"
  let days = 365 * years
  for offset in 0..<days {
    checkmarks += today.advanced(by: -offset).iso
    for index in 0..<count {
      let roll = Int.random(in: 0..<100, using: &random)
      if index % 5 == 4 {
        checkmarks += roll < 60 ? "," + String(roll * 100) : ",-1"
      } else {
        let value = roll < 55 ? 2 : roll < 65 ? 1 : roll < 80 ? 0 : roll < 83 ? 3 : -1
        checkmarks += "," + String(value)
      }
    }
    checkmarks += ",\n"
  }
  return [
    ImportFile(path: "Habits.csv", text: habits),
    ImportFile(path: "Checkmarks.csv", text: checkmarks),
  ]
}

/// Reads the export through the front door and applies it to an empty replica, as an import
/// does on every face (the budget covers both).
func benchmarkImport() {
  let today = Day(year: 2026, month: 11, day: 22)!
  let files = makeLoopExport(habits: 50, years: 5, today: today)
  let bytes = files.reduce(0) { $0 + $1.bytes.count }
  var entries = 0
  report(
    "import.loop habits=50 years=5 bytes=\(bytes) (Importer.document + Replica.apply)", runs: 10,
    budget: "500 ms"
  ) {
    do throws(ImportError) {
      let document = try Importer.document(files, today: today)
      var replica = Replica(device: "bench")
      let summary = try replica.apply(document, mode: .merge, wall: 1, today: today)
      entries = summary.daysWritten
      return summary.changes
    } catch {
      fatalError("benchmark import failed: \(error.description)")
    }
  }
  print("  days written \(entries)")
  do {
    let document = try Importer.document(files, today: today)
    report("import.loop.read (Importer.document alone)", runs: 10) {
      (try? Importer.document(files, today: today))?.habits.count ?? 0
    }
    report("import.loop.apply (Replica.apply alone)", runs: 10) {
      var replica = Replica(device: "bench")
      return (try? replica.apply(document, mode: .merge, wall: 1, today: today))?.changes ?? 0
    }
  } catch {
    fatalError("benchmark import failed: \(error.description)")
  }
}
