import Foundation
import HabitCore

/// Reads a Loop Habit Tracker export from `shared/data`, the outside oracle for the strength score:
/// the older CSV format (`NumRepetitions,Interval`, checks as numbers) and the current one
/// (`FrequencyNumerator,FrequencyDenominator`, checks as words such as YES_MANUAL).
struct LoopExport {
  struct Habit {
    let name: String
    let numerator: Int
    let denominator: Int
    let values: [Int]
    let checks: [StrengthScore.Check]
    let expectedScores: [Double]

    /// Loop stores measured habits as value × 1000, so anything beyond its check codes is numeric.
    var isNumeric: Bool { values.contains { $0 > 3 || $0 < -1 } }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let days: [Day]
  let habits: [Habit]

  /// The exports are test fixtures; HABITFLOW_SHARED_DATA can point at another copy.
  static var dataDirectory: URL {
    if let path = ProcessInfo.processInfo.environment["HABITFLOW_SHARED_DATA"] {
      return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures")
  }

  init(folder: String) throws {
    let base = Self.dataDirectory.appendingPathComponent(folder)
    func read(_ name: String) throws -> [String] {
      let url = base.appendingPathComponent(name)
      guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        throw Failure(description: "cannot read \(url.path); set HABITFLOW_SHARED_DATA")
      }
      return text.split(whereSeparator: \.isNewline).map(String.init)
    }
    let habitLines = try read("Habits.csv")
    let header = Self.csvFields(habitLines.first ?? "")
    // The older format names the frequency NumRepetitions / Interval, the current one
    // FrequencyNumerator / FrequencyDenominator.
    let numeratorColumn = header.firstIndex(of: "FrequencyNumerator") ?? 4
    let denominatorColumn = header.firstIndex(of: "FrequencyDenominator") ?? 5
    let habitRows = habitLines.dropFirst().map(Self.csvFields)
    let checkRows = try read("Checkmarks.csv").dropFirst().map(Self.checkmarkFields)
    let scoreRows = try read("Scores.csv").dropFirst().map(Self.scoreFields)
    // Exports list the newest day first.
    let checkChronological = Array(checkRows.reversed())
    let scoreChronological = Array(scoreRows.reversed())
    days = try checkChronological.map {
      guard let parsed = Day(iso: $0[0]) else { throw Failure(description: "bad date \($0[0])") }
      return parsed
    }
    guard scoreChronological.map({ $0[0] }) == days.map(\.iso) else {
      throw Failure(description: "Scores.csv and Checkmarks.csv cover different days in \(folder)")
    }
    habits = try habitRows.enumerated().map { index, row in
      guard row.count > max(numeratorColumn, denominatorColumn),
        let numerator = Int(row[numeratorColumn]), let denominator = Int(row[denominatorColumn])
      else {
        throw Failure(description: "bad Habits.csv row \(row)")
      }
      let values = try checkChronological.map { cells in
        guard let value = Int(cells[index + 1]) ?? Self.checkWords[cells[index + 1]] else {
          throw Failure(description: "bad value \(cells[index + 1])")
        }
        return value
      }
      let scores = try scoreChronological.map { cells in
        guard let value = Double(cells[index + 1]) else {
          throw Failure(description: "bad score \(cells[index + 1])")
        }
        return value
      }
      let checks: [StrengthScore.Check] = values.map {
        switch $0 {
        case 2: return .yes
        case 1: return .automaticYes
        case 0: return .no
        case 3: return .skip
        default: return .unknown
        }
      }
      return Habit(
        name: row[1], numerator: numerator, denominator: denominator, values: values,
        checks: checks,
        expectedScores: scores)
    }
  }

  /// The current format's words for the older format's check numbers.
  static let checkWords = ["UNKNOWN": -1, "NO": 0, "YES_AUTO": 1, "YES_MANUAL": 2, "SKIP": 3]

  /// Splits a CSV line, honouring double quotes.
  static func csvFields(_ line: String) -> [String] {
    var fields: [String] = []
    var current = ""
    var quoted = false
    for character in line {
      if character == "\"" {
        quoted.toggle()
      } else if character == "," && !quoted {
        fields.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    fields.append(current)
    return fields
  }

  /// A Checkmarks.csv row: the date, then one value per habit. Some exports write each cell as
  /// `Entry(timestamp=…, value=N)`, which holds a comma of its own.
  static func checkmarkFields(_ line: String) -> [String] {
    var fields = csvFields(line)
    if fields.last == "" { fields.removeLast() }
    guard line.contains("Entry(") else { return fields }
    var merged: [String] = [fields[0]]
    var index = 1
    while index < fields.count {
      let cell = fields[index]
      if cell.hasPrefix("Entry("), index + 1 < fields.count,
        let range = fields[index + 1].range(of: "value=")
      {
        merged.append(String(fields[index + 1][range.upperBound...].dropLast()))
        index += 2
      } else {
        merged.append(cell)
        index += 1
      }
    }
    return merged
  }

  /// A Scores.csv row; habit names with commas make headers unreliable, so values are taken from
  /// the row itself.
  static func scoreFields(_ line: String) -> [String] {
    var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    if fields.last == "" { fields.removeLast() }
    return fields
  }
}
