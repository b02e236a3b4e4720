import HabitCore

/// One day of a month calendar: how its cell looks and reads, and what pressing it sends.
struct CalendarDay {
  /// The cell's classes (out of the month, today, done…).
  var classes = ""
  /// What a screen reader reads for the day's button (escaped by the calendar).
  var label: String
  /// What pressing the day sends; nil leaves the button disabled.
  var event: AppEvent?
  /// `aria-current="date"`: the day the calendar stands on.
  var current = false
  /// `aria-pressed`, for a calendar that chooses a day.
  var pressed: Bool? = nil
}

/// How a calendar describes each day. A struct rather than a bare closure argument, so the
/// optimiser does not clone the calendar for every caller's closure.
struct DayDescriber {
  let describe: (Day) -> CalendarDay

  init(_ describe: @escaping (Day) -> CalendarDay) {
    self.describe = describe
  }
}

/// The month grid every calendar shares (the date picker, the detail's month and the Progress
/// tab): weekday heads, then one button per day, as `describe` says. One copy of the markup
/// for all of them.
enum MonthCalendar {
  @inline(never)
  static func table(_ grid: MonthGrid, attributes: String, _ describer: DayDescriber)
    -> String
  {
    var html = "<table" + attributes + "><thead><tr>"
    for weekday in grid.weekdays {
      html +=
        "<th scope=\"col\" abbr=\"" + Strings.weekdayLong[weekday.rawValue - 1] + "\">"
        + Strings.weekday(weekday) + "</th>"
    }
    html += "</tr></thead><tbody>"
    for week in grid.weeks {
      html += "<tr>"
      for day in week {
        let cell = describer.describe(day)
        html += "<td"
        var classes = cell.classes
        if !grid.isInMonth(day) { classes += " out" }
        if !classes.isEmpty { html += " class=\"" + classes + "\"" }
        html += "><button type=\"button\""
        if let event = cell.event { HTML.appendAction(event, to: &html) }
        html += " aria-label=\"" + HTML.escape(cell.label) + "\""
        if cell.current { html += " aria-current=\"date\"" }
        if let pressed = cell.pressed {
          html += pressed ? " aria-pressed=\"true\"" : " aria-pressed=\"false\""
        }
        if cell.event == nil { html += " disabled" }
        html += ">" + String(day.dayOfMonth) + "</button></td>"
      }
      html += "</tr>"
    }
    return html + "</tbody></table>"
  }
}
