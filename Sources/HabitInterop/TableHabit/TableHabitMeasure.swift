public import HabitCore

/// How a Table Habit habit measures its days: a goal of 1 with no unit is a tap, a whole goal
/// with no unit a count, anything else a quantity; a negative habit's limit is
/// `daily_goal_extra` when set.
enum TableHabitMeasure {
  static let unit = "units"

  static func measure(
    goal: Amount?, extra: Amount?, unit: String, quit: Bool, values: [Amount], title: String,
    approximations: inout [Approximation]
  ) -> Measure {
    var target = goal ?? .one
    if quit, let extra, extra != target {
      approximations.append(
        Approximation(
          habitTitle: title,
          message: "Its daily goal of " + target.text + " is not kept; at most " + extra.text
            + " a day is."))
      target = extra
    }
    let whole = values.allSatisfy { $0.isWhole }
    if unit.isEmpty && values.allSatisfy({ $0 == .zero || $0 == .one })
      && target == (quit ? .zero : .one)
    {
      return .done
    }
    if target <= .zero {
      target = .one
      approximations.append(
        Approximation(habitTitle: title, message: "Its daily goal of 0 becomes 1."))
    }
    if unit.isEmpty && whole && target.isWhole {
      return .count(step: 1, target: Int(target.thousandths / 1000))
    }
    return .quantity(target: target, unit: unit.isEmpty ? Self.unit : unit)
  }
}
