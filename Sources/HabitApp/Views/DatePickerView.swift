import HabitCore

/// The month calendar that opens from the header's date (seed 004): jump to any day HabitCore
/// allows, month by month or back to today. Arrow keys move between days; Escape closes it.
enum DatePickerView {
  static func render(_ month: YearMonth, state: AppState) -> String {
    let grid = MonthGrid(month: month, firstWeekday: state.firstWeekday)
    let months = HabitsScreen.pickerMonths(today: state.today)
    let latest = DayRange.latestStart(today: state.today)
    var html =
      "<div id=\"picker\" class=\"picker\" role=\"dialog\" aria-label=\"" + Strings.chooseDate
      + "\"><div class=\"picker-head\">"
    html += step("‹", Strings.previousMonth, month.previous, off: month <= months.lowerBound)
    html += "<h2 aria-live=\"polite\">" + Strings.monthTitle(month) + "</h2>"
    html += step("›", Strings.nextMonth, month.next, off: month >= months.upperBound)
    html += "</div><table class=\"month\"><thead><tr>"
    for weekday in grid.weekdays {
      html +=
        "<th scope=\"col\" abbr=\"" + Strings.weekdayLong[weekday.rawValue - 1] + "\">"
        + Strings.weekday(weekday) + "</th>"
    }
    html += "</tr></thead><tbody>"
    for week in grid.weeks {
      html += "<tr>"
      for day in week {
        var classes = grid.isInMonth(day) ? "" : "out"
        if day == state.today { classes += " today" }
        let selected = day == state.habits.selectedDay
        html += "<td><button type=\"button\" class=\"" + classes + "\""
        HTML.appendAction(.selectDay(day), to: &html)
        html +=
          " aria-label=\"" + Strings.longDate(day) + (day == state.today ? ", today" : "") + "\""
          + (selected ? " aria-current=\"date\"" : "")
          + (day < DayRange.earliest || day > latest ? " disabled" : "") + ">"
          + String(day.dayOfMonth) + "</button></td>"
      }
      html += "</tr>"
    }
    html +=
      "</tbody></table><div class=\"picker-foot\">"
      + HTML.button(Strings.today, .goToday, classes: "ghost", id: "picker-today")
      + HTML.button(Strings.close, .picker(nil), classes: "ghost", id: "picker-close")
    return html + "</div></div>"
  }

  /// A month arrow. At the end of the range it stays focusable (`aria-disabled`) and does
  /// nothing: the picker clamps the month.
  static func step(_ arrow: String, _ label: String, _ month: YearMonth, off: Bool) -> String {
    var html = "<button type=\"button\" class=\"arrow\""
    HTML.appendAction(.picker(month), to: &html)
    return html + " aria-label=\"" + label + "\"" + (off ? " aria-disabled=\"true\"" : "")
      + " id=\"" + (label == Strings.previousMonth ? "picker-prev" : "picker-next") + "\">"
      + arrow + "</button>"
  }
}
