import HabitCore

/// The rule an older Loop export leaves out of a numeric habit (at most or at least, and the
/// target): the one whose scores reproduce every score of Loop's own `Scores.csv`.
enum LoopRuleSearch {
  /// The most of the habit's own amounts tried as targets, to keep the search cheap.
  static let observedTargets = 8
  /// Whole targets 1…this are tried too.
  static let smallTargets = 10

  /// The direction and daily target that give Loop's scores, or nil when none tried does.
  static func rule(_ imported: ImportedHabit, unit: String, loop: LoopScores.Column)
    -> (direction: Direction, target: Amount)?
  {
    guard let last = loop.last else { return nil }
    var scoring = LoopScores.Scoring(imported, through: last)
    for direction in [Direction.quit, .build] {
      for target in targets(imported, direction: direction, loop: loop) {
        var habit = imported.habit
        habit.direction = direction
        habit.measure = .quantity(target: target, unit: unit)
        if loop.matches(scoring.daily(as: habit), from: habit.startDay) {
          return (direction, target)
        }
      }
    }
    return nil
  }

  /// The target Loop's first score implies (its checkmark solved for the target, to a whole and
  /// a tenth of the unit), then the habit's own amounts, then small whole numbers.
  private static func targets(
    _ imported: ImportedHabit, direction: Direction, loop: LoopScores.Column
  ) -> [Amount] {
    var result: [Amount] = []
    func add(_ thousandths: Int64) {
      let amount = Amount(thousandths: thousandths)
      guard amount > .zero, amount <= Amount(HabitError.maximumAmount), !result.contains(amount)
      else { return }
      result.append(amount)
    }
    let habit = imported.habit
    let frequency = habit.schedule.frequency
    if let first = imported.entries.first, first.day == habit.startDay, !first.isSkipped,
      first.value > .zero, let score = loop.scores[first.day]
    {
      let m = StrengthScore.multiplier(
        frequency: Double(frequency.numerator) / Double(frequency.denominator))
      let start: Double = direction == .quit ? 1 : 0
      let checkmark = (Double(score) / 10_000 - start * m) / (1 - m)
      if checkmark > 0.001 && checkmark < 0.999 {
        let window =
          Double(first.value.thousandths) / (direction == .quit ? 2 - checkmark : checkmark)
        let daily = window / Double(frequency.numerator)
        add(Int64((daily / 1000).rounded()) * 1000)
        add(Int64((daily / 100).rounded()) * 100)
      }
    }
    var observed = 0
    for entry in imported.entries where entry.value > .zero && observed < observedTargets {
      if !result.contains(entry.value) { observed += 1 }
      add(entry.value.thousandths)
    }
    for whole in 1...smallTargets { add(Int64(whole) * 1000) }
    return result
  }
}
