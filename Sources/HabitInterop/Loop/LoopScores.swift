import HabitCore

/// Loop's own strength scores from `Scores.csv` (4 decimals), the yardstick an import's numbers
/// are held to: the importer finds what the export leaves out by them and names what differs.
struct LoopScores {
  /// One habit's scores in ten-thousandths, by day.
  struct Column {
    var scores: [Day: Int64] = [:]
    /// The latest day the file scores.
    var last: Day?

    /// Whether HabitFlow's daily scores (from `start`) give every score of Loop's, within its
    /// rounding to 4 decimals.
    func matches(_ daily: [Double], from start: Day) -> Bool {
      scores.allSatisfy { day, loop in
        let mine = Self.score(daily, from: start, on: day)
        return mine.map { abs($0 * 10_000 - Double(loop)) <= 0.5 + 1e-6 } ?? false
      }
    }

    /// The daily score on `day`: 0 before the habit starts, nil past the scores given.
    static func score(_ daily: [Double], from start: Day, on day: Day) -> Double? {
      let index = start.distance(to: day)
      if index < 0 { return 0 }
      return index < daily.count ? daily[index] : nil
    }
  }

  /// Per habit, in `Habits.csv` order.
  private(set) var columns: [Column]

  /// Reads the wide file: `Date,<habit>,…,` newest first, one score per habit.
  init(_ table: CSVTable, habits: [LoopHabitRow]) throws(ImportError) {
    columns = Array(repeating: Column(), count: habits.count)
    let order = try LoopHistory.wideColumns(table, named: "Scores.csv", habits: habits)
    for row in table.body {
      let cells = try LoopHistory.wideCells(row, columns: order.count, table: table)
      let day = try LoopDate.day(cells[0], in: table, row: row)
      for (offset, habit) in order.enumerated() {
        guard let score = LoopHabitRow.fixed(cells[offset + 1], places: 4) else {
          throw table.error(row, "\"" + cells[offset + 1] + "\" is not a score.")
        }
        columns[habit].scores[day] = score
        columns[habit].last = max(columns[habit].last ?? day, day)
      }
    }
  }

  /// HabitFlow's scoring of one imported habit's entries, as HabitCore computes it once the
  /// import is applied, under settings that may vary (the same entries scored by each rule).
  struct Scoring {
    private var tracker = Tracker()
    private let last: Day

    init(_ imported: ImportedHabit, through last: Day) {
      self.last = last
      var habit = imported.habit
      habit.isArchived = false
      guard (try? tracker.add(habit)) != nil else { return }
      for entry in imported.entries where entry.day <= last {
        _ = try? tracker.setEntry(entry, for: habit.id, today: last)
      }
    }

    /// The score at the end of each day from the habit's start to `last`, under `habit`'s
    /// settings (empty when HabitCore refuses them).
    mutating func daily(as habit: Habit) -> [Double] {
      var habit = habit
      habit.isArchived = false
      guard (try? tracker.update(habit)) != nil else { return [] }
      return (try? tracker.dailyScores(for: habit.id, today: last)) ?? []
    }
  }
}
