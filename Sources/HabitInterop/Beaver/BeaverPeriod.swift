public import HabitCore

/// Beaver's frequency: `target_count` ticks in a window of `period_count` days, weeks, months or
/// years (`D`, `W`, `M`, `Y`).
enum BeaverPeriod {
  static func schedule(
    _ period: inout JSONFields, title: String, approximations: inout [Approximation]
  ) throws(ImportError) -> Schedule {
    let type = try period.requiredString("period_type")
    let count = try period.requiredInteger("period_count")
    let target = try period.requiredInteger("target_count")
    guard count >= 1, target >= 1 else {
      throw period.failure("period_count and target_count must be at least 1.")
    }
    let unit: (days: Int, name: String)
    switch type {
    case "D": unit = (1, "day")
    case "W": unit = (7, "week")
    case "M": unit = (30, "month")
    case "Y": unit = (365, "year")
    default:
      throw period.failure(
        "\"" + type + "\" is not a period (D, W, M or Y).", member: "period_type")
    }
    let source =
      String(target) + (target == 1 ? " time" : " times") + " every "
      + (count == 1 ? unit.name : String(count) + " " + unit.name + "s")
    // A period too long to count in days is rarer than any schedule: the most days says so.
    let (days, overflow) = count.multipliedReportingOverflow(by: unit.days)
    return FrequencyMatch.schedule(
      times: target, days: overflow ? Int.max : days, source: source, title: title,
      approximations: &approximations)
  }
}
