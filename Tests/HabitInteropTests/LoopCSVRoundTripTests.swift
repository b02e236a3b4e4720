import Foundation
import HabitCore
import HabitInterop
import PropertyBased
import Testing

/// Any history written the way Loop exports it reads back as the same days.
@Suite struct LoopCSVRoundTripTests {
  private static let words = ["UNKNOWN", "YES_MANUAL", "YES_AUTO", "NO", "SKIP"]
  private static let notes = ["", "", "Calm, finally", "He said \"no\"", "two\nlines"]

  /// The entry a day of code `code` (an index into `words`) and note should become.
  private func expected(_ day: Day, code: Int, note: String) -> Entry {
    switch code {
    case 1: return Entry(day: day, value: .one, note: note)
    case 2: return Entry(day: day, note: note, mark: .auto)
    case 3: return Entry(day: day, note: note, mark: .no)
    case 4: return Entry(day: day, note: note, isSkipped: true)
    default: return Entry(day: day, note: note)
    }
  }

  private func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  @Test func anyExportedHistoryReadsBackDayForDay() async {
    let day = Gen.int(in: 0...4).array(of: 2)
    await propertyCheck(count: 100, input: day.array(of: 1...25).array(of: 1...3)) { habits in
      let first = Day(iso: "2024-02-20")!
      let names = habits.indices.map { $0 % 2 == 0 ? "Habit \($0)" : "Read, then \($0)" }
      var files = [
        ImportFile(
          path: "Habits.csv",
          text: "Position,Name,Question,Description,NumRepetitions,Interval,Color\n"
            + names.enumerated().map { "00\($0 + 1),\(quoted($1)),,,1,1,#00897B\n" }.joined())
      ]
      let length = habits.map(\.count).max() ?? 0
      var wide = "Date," + names.joined(separator: ",") + ",\n"
      for offset in (0..<length).reversed() {
        wide += first.advanced(by: offset).iso + ","
        wide +=
          habits.map { $0.count > offset ? Self.words[$0[offset][0]] : "UNKNOWN" }
          .joined(separator: ",") + ",\n"
      }
      files.append(ImportFile(path: "Checkmarks.csv", text: wide))
      for (index, days) in habits.enumerated() {
        var own = "Date,Value,Notes\n"
        for (offset, cell) in days.enumerated().reversed() {
          own +=
            first.advanced(by: offset).iso + "," + Self.words[cell[0]] + ","
            + quoted(Self.notes[cell[1]]) + "\n"
        }
        files.append(ImportFile(path: "00\(index + 1) Habit/Checkmarks.csv", text: own))
      }
      let document = try LoopCSV.document(files)
      #expect(document.habits.map(\.habit.title) == names)
      for (index, days) in habits.enumerated() {
        let entries = days.enumerated().map { offset, cell in
          expected(first.advanced(by: offset), code: cell[0], note: Self.notes[cell[1]])
        }
        #expect(document.habits[index].entries == entries.filter { !$0.isEmpty })
        let start = entries.first { !$0.isEmpty }?.day ?? first
        #expect(document.habits[index].habit.startDay == start)
      }
    }
  }
}
