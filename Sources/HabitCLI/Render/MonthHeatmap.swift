import HabitCore

/// A month as a calendar grid of coloured cells (or digits 0–4 without colour), weeks in rows,
/// starting on the person's first weekday.
struct MonthHeatmap {
  let month: YearMonth
  let firstWeekday: Weekday
  let style: Style

  /// `level(day)` is 0…4, or nil for a day with nothing to show (before the start, in the future).
  /// On a terminal a day is a coloured square; otherwise its date and a level character.
  func lines(title: String, level: (Day) -> Int?) -> [String] {
    let width = style.colors ? 3 : 4
    var lines = [style.bold(title)]
    lines.append(
      Weekday.week(startingOn: firstWeekday).map {
        HabitText.padded(" " + String(HabitText.weekdayName($0).prefix(2)), width)
      }.joined())
    let first = month.firstDay
    var row = String(repeating: " ", count: width * first.weekday.offset(from: firstWeekday))
    var day = first
    while day <= month.lastDay {
      let value = level(day)
      if style.colors {
        row += value.map { " " + style.cell($0) + " " } ?? "   "
      } else {
        row += String(day.dayOfMonth).leftPadded(3) + (value.map(style.cell) ?? " ")
      }
      if day.advanced(by: 1).weekday == firstWeekday {
        lines.append(row)
        row = ""
      }
      day = day.advanced(by: 1)
    }
    if !row.isEmpty { lines.append(row) }
    return lines
  }
}
