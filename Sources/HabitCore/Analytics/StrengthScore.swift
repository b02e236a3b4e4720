/// The habit strength score of Loop Habit Tracker, so that people moving from Loop see the same
/// numbers: `m = 0.5^(sqrt(f)/13)`, `score = previous·m + v·(1−m)`, one step per day.
public enum StrengthScore {
  /// The share of yesterday's score a day keeps, for a habit expected `frequency` times a day.
  public static func multiplier(frequency: Double) -> Double {
    Power.exp2(-(frequency.squareRoot() / 13))
  }

  /// One day's step: `checkmark` is how fully the day's expectation was met (0…1).
  public static func next(previous: Double, frequency: Double, checkmark: Double) -> Double {
    let m = multiplier(frequency: frequency)
    return previous * m + checkmark * (1 - m)
  }

  /// A day as Loop's yes/no exports record it.
  public enum Check: Hashable, Sendable {
    case unknown
    case no
    /// Implied by a non-daily frequency; Loop does not count it toward the score.
    case automaticYes
    case yes
    case skip
  }

  /// Scores for consecutive days of a yes/no habit expected `numerator` times in `denominator`
  /// days; days before the first known check score 0, as in Loop.
  public static func series(_ checks: [Check], numerator: Int, denominator: Int) -> [Double] {
    guard let first = checks.firstIndex(where: { $0 != .unknown }) else {
      return [Double](repeating: 0, count: checks.count)
    }
    var result = [Double](repeating: 0, count: first)
    result.reserveCapacity(checks.count)
    var accumulator = Accumulator(numerator: numerator, denominator: denominator, numeric: nil)
    for index in first..<checks.count {
      let leaving = index - accumulator.window
      let outgoing: Int64 = leaving >= first && checks[leaving] == .yes ? 1 : 0
      accumulator.add(
        checks[index] == .yes ? 1 : 0, outgoing: outgoing, skip: checks[index] == .skip)
      result.append(accumulator.score)
    }
    return result
  }

  /// The numeric rule of a measured habit: reach the target in the window (at least), or stay
  /// within it (at most).
  struct NumericRule {
    let windowTarget: Amount
    let atMost: Bool
  }

  /// Loop's rolling computation, fed one day at a time so that a habit's whole history is scored
  /// in the same pass that computes its streaks. The caller says what enters the window (1 for a
  /// yes, or an amount in thousandths) and what leaves it (the day `window` days back).
  struct Accumulator {
    let multiplier: Double
    /// How many days the rolling window holds.
    let window: Int
    private let atMost: Bool
    private let isNumeric: Bool
    /// Rolling sum → checkmark: multiply by this (1/numerator, or 1/target in thousandths).
    private let scale: Double
    private let hasTarget: Bool
    private var rollingSum: Int64 = 0
    private(set) var score: Double

    init(numerator: Int, denominator: Int, numeric: NumericRule?) {
      multiplier = StrengthScore.multiplier(frequency: Double(numerator) / Double(denominator))
      // Loop doubles a yes/no habit's window below one repetition a day, to smooth irregular
      // weekly schedules.
      let doubled = numeric == nil && numerator < denominator
      window = max(1, doubled ? denominator * 2 : denominator)
      isNumeric = numeric != nil
      atMost = numeric?.atMost ?? false
      if let numeric {
        hasTarget = numeric.windowTarget > .zero
        scale = hasTarget ? 1 / Double(numeric.windowTarget.thousandths) : 0
      } else {
        hasTarget = true
        scale = 1 / Double(doubled ? numerator * 2 : numerator)
      }
      score = atMost ? 1 : 0
    }

    @inline(__always)
    mutating func add(_ incoming: Int64, outgoing: Int64, skip: Bool) {
      // Sums of at most a window of amounts: far from overflowing.
      rollingSum &+= incoming &- outgoing
      if skip { return }
      let checkmark: Double
      if !isNumeric {
        checkmark = min(1, Double(rollingSum) * scale)
      } else if atMost {
        checkmark =
          hasTarget ? min(1, max(0, 2 - Double(rollingSum) * scale)) : (rollingSum > 0 ? 0 : 1)
      } else {
        checkmark = hasTarget ? min(1, Double(rollingSum) * scale) : 1
      }
      score = score * multiplier + checkmark * (1 - multiplier)
    }
  }
}
