import HabitCore
import HabitSync

/// The numbers a face shows once it has synced: today's "N of M done", each habit's streaks and
/// strength, and the statistics. A face that does not show a figure leaves it nil.
struct SeenFigures: Hashable, Sendable {
  /// "met of due", as a day count reads.
  struct DayCount: Hashable, Sendable, CustomStringConvertible {
    let met: Int
    let due: Int
    var description: String { "\(met) of \(due) done" }
  }

  struct StreakFigure: Hashable, Sendable, CustomStringConvertible {
    let length: Int
    let unit: String
    var description: String { "\(length) \(unit)" }

    init(length: Int, unit: String) {
      self.length = length
      self.unit = unit
    }

    init(_ streak: Streak) { self.init(length: streak.length, unit: streak.unit.rawValue) }

    /// A streak as the JSON faces write it: `{"length": 3, "unit": "weeks"}`.
    init?(_ json: JSON) {
      guard let length = json["length"].int, let unit = json["unit"].string else { return nil }
      self.init(length: length, unit: unit)
    }
  }

  struct HabitFigures: Hashable, Sendable, CustomStringConvertible {
    let current: StreakFigure
    let longest: StreakFigure
    let strengthPercent: Int
    var description: String {
      "current streak \(current), longest \(longest), strength \(strengthPercent)%"
    }

    init(current: StreakFigure, longest: StreakFigure, strengthPercent: Int) {
      self.current = current
      self.longest = longest
      self.strengthPercent = strengthPercent
    }

    init(_ stats: HabitStats) {
      self.init(
        current: StreakFigure(stats.currentStreak), longest: StreakFigure(stats.longestStreak),
        strengthPercent: stats.strengthPercent)
    }

    /// A habit's figures as the JSON faces write them (REST's `stats`, `habit show --json`).
    init?(_ json: JSON) {
      guard let current = StreakFigure(json["currentStreak"]),
        let longest = StreakFigure(json["longestStreak"]),
        let strength = json["strengthPercent"].int
      else { return nil }
      self.init(current: current, longest: longest, strengthPercent: strength)
    }
  }

  /// Today's overview ring.
  var ring: DayCount?
  /// Today as the statistics count it (the heatmap's cell).
  var statisticsToday: DayCount?
  var habits: [HabitID: HabitFigures] = [:]
  var bestStreak: StreakFigure?
  var perfectDays: Int?
  var completions: Int?

  /// The figure of today's count this face shows: its ring, else its statistics' cell.
  var today: DayCount? { ring ?? statisticsToday }

  /// Every figure both faces show that differs, named.
  func differences(from other: SeenFigures) -> [String] {
    var found: [String] = []
    func compare<Value: Equatable>(_ name: String, _ mine: Value?, _ theirs: Value?) {
      guard let mine, let theirs, mine != theirs else { return }
      found.append("\(name): \(mine) against \(theirs)")
    }
    compare("today", today.map(\.description), other.today.map(\.description))
    compare("best streak", bestStreak.map(\.description), other.bestStreak.map(\.description))
    compare("perfect days", perfectDays, other.perfectDays)
    compare("completions", completions, other.completions)
    for (id, figures) in habits.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      compare(id.rawValue, figures.description, other.habits[id]?.description)
    }
    return found
  }
}
