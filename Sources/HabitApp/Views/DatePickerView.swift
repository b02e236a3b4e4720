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
    html += "</div>"
    let selected = state.habits.selectedDay
    html += MonthCalendar.table(
      grid, attributes: " class=\"month\"",
      DayDescriber { day in
        CalendarDay(
          classes: day == state.today ? "today" : "",
          label: Strings.longDate(day) + (day == state.today ? ", today" : ""),
          event: day < DayRange.earliest || day > latest ? nil : .selectDay(day),
          current: day == selected)
      })
    html +=
      "<div class=\"picker-foot\">"
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
