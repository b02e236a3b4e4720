import HabitCore

/// The detail popup: every field, the statistics, a month heatmap, and pin, edit, archive, delete.
enum DetailView {
  static func render(_ id: HabitID, state: AppState) -> String {
    let tracker = state.tracker
    guard let habit = tracker.habit(id), let stats = try? tracker.stats(for: id, today: state.today)
    else {
      return ""
    }
    var html =
      "<div class=\"overlay\"><section class=\"sheet detail\" role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"detail-title\" data-color=\""
      + habit.color.hex + "\"><header class=\"sheet-head\">"
      + HTML.button(Strings.close, .closeSheet, classes: "ghost")
      + "<h2 id=\"detail-title\"><span aria-hidden=\"true\">" + HTML.escape(habit.emoji)
      + "</span> " + HTML.escape(habit.title)
      + "</h2>"
      + HTML.button(Strings.edit, .openEdit(id), classes: "primary")
      + "</header>"
    if !habit.description.isEmpty {
      html += "<p class=\"about\">" + HTML.escape(habit.description) + "</p>"
    }
    html += "<dl class=\"facts\">"
    func fact(_ name: String, _ value: String) {
      html += "<div><dt>" + name + "</dt><dd>" + HTML.escape(value) + "</dd></div>"
    }
    fact(Strings.category, tracker.category(habit.category)?.name ?? "")
    if habit.kind == .habit { fact(Strings.schedule, Strings.scheduleSummary(habit.schedule)) }
    switch habit.measure {
    case .done: fact(Strings.measure, Strings.measureDone)
    case .count(let step, let target):
      fact(Strings.measure, "+" + String(step) + " · " + Strings.target + " " + String(target))
    case .quantity(let target, let unit): fact(Strings.measure, target.text + " " + unit)
    }
    fact(Strings.direction, habit.direction == .build ? Strings.build : Strings.quit)
    fact(Strings.startDate, Strings.longDate(habit.startDay))
    switch habit.goal {
    case .forever: fact(Strings.goal, Strings.forever)
    case .days(let n): fact(Strings.goal, Strings.plural(n, "day"))
    case .weeks(let n): fact(Strings.goal, Strings.plural(n, "week"))
    case .months(let n): fact(Strings.goal, Strings.plural(n, "month"))
    }
    fact(
      Strings.timeOfDay,
      Strings.timeOfDayNames[TimeOfDay.allCases.firstIndex(of: habit.timeOfDay) ?? 0])
    html += "</dl><dl class=\"stats\">"
    func stat(_ name: String, _ value: String) {
      html += "<div><dd>" + value + "</dd><dt>" + name + "</dt></div>"
    }
    if habit.kind == .habit {
      stat(Strings.currentStreak, Strings.streak(stats.currentStreak))
      stat(Strings.longestStreak, Strings.streak(stats.longestStreak))
    }
    stat(Strings.trackedDays, String(stats.trackedDays))
    if let progress = stats.goalProgress { stat(Strings.progress, String(progress.percent) + "%") }
    stat(Strings.strength, String(stats.strengthPercent) + "%")
    if let rate = stats.completionRate { stat(Strings.completionRate, String(rate.percent) + "%") }
    html += "</dl>" + heatmap(habit, state: state)
    html +=
      "<div class=\"actions\">"
      + HTML.button(
        habit.isPinned ? Strings.unpin : Strings.pin, .pin(id),
        pressed: habit.isPinned)
      + HTML.button(
        habit.isArchived ? Strings.unarchive : Strings.archive, .archive(id))
      + HTML.button(Strings.delete, .delete(id), classes: "danger")
      + "</div></section></div>"
    return html
  }

  /// This month's days: done ones filled, skipped ones marked, days outside the month dimmed.
  static func heatmap(_ habit: Habit, state: AppState) -> String {
    let month = state.habits.selectedDay.yearMonth
    let grid = MonthGrid(month: month, firstWeekday: state.firstWeekday)
    let log = state.tracker.log(habit.id)
    var html =
      "<figure class=\"heatmap\"><figcaption>" + Strings.monthTitle(month)
      + "</figcaption><table><thead><tr>"
    for weekday in grid.weekdays {
      html += "<th scope=\"col\">" + Strings.weekday(weekday) + "</th>"
    }
    html += "</tr></thead><tbody>"
    for week in grid.weeks {
      html += "<tr>"
      for day in week {
        let entry = log[day]
        let done = habit.isDone(entry)
        var classes = grid.isInMonth(day) ? "" : "out"
        if done { classes += " done" }
        if entry?.isSkipped == true { classes += " skipped" }
        let state = done ? ", done" : (entry?.isSkipped == true ? ", skipped" : "")
        html +=
          "<td class=\"" + classes + "\" aria-label=\"" + HTML.escape(Strings.longDate(day)) + state
          + "\">"
          + String(day.dayOfMonth) + "</td>"
      }
      html += "</tr>"
    }
    return html + "</tbody></table></figure>"
  }
}
