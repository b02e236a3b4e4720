/// A run of met days (or weeks, or months for flexible schedules) with no miss in between.
public struct Streak: Hashable, Sendable {
  public enum Unit: String, Hashable, Sendable {
    case days
    case weeks
    case months
  }

  public let length: Int
  public let unit: Unit
  /// The first and last day of the run; nil when the length is 0.
  public let start: Day?
  public let end: Day?

  public init(length: Int, unit: Unit, start: Day?, end: Day?) {
    self.length = length
    self.unit = unit
    self.start = start
    self.end = end
  }

  public static func none(_ unit: Unit) -> Streak {
    Streak(length: 0, unit: unit, start: nil, end: nil)
  }

  /// A run as counted: no days at all when its length is 0.
  static func run(_ length: Int, _ unit: Unit, from start: Day?, to end: Day?) -> Streak {
    length == 0 ? .none(unit) : Streak(length: length, unit: unit, start: start, end: end)
  }

  /// Roughly how many days the run spans, to compare streaks of different units.
  public var approximateDays: Int {
    switch unit {
    case .days: return length
    case .weeks: return length * 7
    case .months: return length * 30
    }
  }
}

/// Counts runs as outcomes arrive in order: a met step extends, a miss ends the run, a neutral
/// step (a skip, or today not yet done) does neither. Kept as plain integers for the hot loop.
struct StreakCounter {
  let unit: Streak.Unit
  private var length = 0
  private var start = Day(daysSince1970: 0)
  private var end = Day(daysSince1970: 0)
  private var bestLength = 0
  private var bestStart = Day(daysSince1970: 0)
  private var bestEnd = Day(daysSince1970: 0)
  /// Runs that ended, oldest first, when the counter keeps them (`keepsRuns`).
  private var ended: [Streak] = []
  private var keepsRuns = false

  init(unit: Streak.Unit, keepsRuns: Bool = false) {
    self.unit = unit
    self.keepsRuns = keepsRuns
  }

  /// A counter whose runs were found elsewhere (day indexes from `origin`).
  init(
    unit: Streak.Unit, current: Int?, currentEnd: Int, currentLength: Int, longest: Int?,
    longestEnd: Int, longestLength: Int, origin: Day
  ) {
    self.unit = unit
    if let current {
      length = currentLength
      start = origin.advanced(by: current)
      end = origin.advanced(by: currentEnd)
    }
    if let longest {
      bestLength = longestLength
      bestStart = origin.advanced(by: longest)
      bestEnd = origin.advanced(by: longestEnd)
    }
  }

  /// A met step from `first` through `last`, adding `steps` to the run (a run of days adds its
  /// days).
  mutating func met(_ first: Day, through last: Day, length steps: Int = 1) {
    if length == 0 { start = first }
    length += steps
    end = last
    if length > bestLength {
      bestLength = length
      bestStart = start
      bestEnd = last
    }
  }

  mutating func met(_ day: Day) {
    met(day, through: day)
  }

  mutating func missed() {
    if keepsRuns && length > 0 { ended.append(current) }
    length = 0
  }

  /// Every run, oldest first, the one still alive last.
  var runs: [Streak] {
    length > 0 ? ended + [current] : ended
  }

  var current: Streak {
    .run(length, unit, from: start, to: end)
  }

  var longest: Streak {
    .run(bestLength, unit, from: bestStart, to: bestEnd)
  }
}
