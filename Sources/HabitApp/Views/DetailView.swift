import HabitCore

/// The detail popup: every field, the statistics, a month heatmap, and pin, edit, archive, delete.
/// Its parts are regions of the layer, so choosing a day or a chart's grouping repaints only them.
enum DetailView {
  static func render(_ id: HabitID, state: AppState, into page: inout Page) {
    let tracker = state.tracker
    guard let habit = tracker.habit(id),
      let stats = try? tracker.stats(for: id, today: state.today, firstWeekday: state.firstWeekday)
    else {
      return
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
    page.append(html + "</dl>")
    html = "<dl class=\"stats\" id=\"detail-stats\">"
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
    page.region("detail-stats", html + "</dl>")
    // The rest (the month, the day editor, the charts, the pause, the actions) is a region of
    // regions that arrives a frame after the sheet opens: laying out the month's 42 days alone
    // would hold the sheet's first paint back past a frame.
    page.begin("detail-more")
    let drawn = state.progress.restDrawn
    page.append("<div id=\"detail-more\"" + (drawn ? ">" : " aria-busy=\"true\">"))
    if drawn { more(habit, state: state, into: &page) }
    page.append("</div>")
    page.end()
    page.append("</section></div>")
  }

  /// The month and its chosen day, the charts, the pause and the habit's actions.
  static func more(_ habit: Habit, state: AppState, into page: inout Page) {
    let id = habit.id
    let day = state.dayEditor.day ?? state.today
    page.region(
      "detail-day",
      "<div id=\"detail-day\">" + heatmap(habit, state: state, chosen: day)
        + dayEditor(habit, day, state: state) + "</div>")
    DetailCharts.render(habit, state: state, into: &page)
    page.region(
      "detail-pause", "<div id=\"detail-pause\">" + pause(habit.id, state: state) + "</div>")
    page.region(
      "detail-actions",
      "<div class=\"actions\" id=\"detail-actions\">"
        + HTML.button(
          habit.isPinned ? Strings.unpin : Strings.pin, .pin(id),
          pressed: habit.isPinned)
        + HTML.button(
          habit.isArchived ? Strings.unarchive : Strings.archive, .archive(id))
        + HTML.button(Strings.delete, .delete(id), classes: "danger") + "</div>")
  }

  /// The chosen day: mark or take back, count down, correct the total, skip, write a note. A day
  /// the habit cannot hold (it has not started) keeps its buttons focusable, inert, and says why.
  static func dayEditor(_ habit: Habit, _ day: Day, state: AppState) -> String {
    let entry = state.tracker.log(habit.id)[day]
    let skipped = entry?.isSkipped == true
    let value = entry?.countedValue ?? .zero
    var closed: String?
    do { _ = try state.tracker.checkable(habit.id, on: day, today: state.today) } catch {
      closed = error.message
    }
    let why = closed == nil ? nil : "day-why"
    // A skip keeps no value, so a day holding a check-in says how to skip it instead.
    let holds = !skipped && value > .zero
    var html =
      "<section class=\"day-editor\" aria-labelledby=\"day-title\"><h3 id=\"day-title\">"
      + HTML.escape(Strings.longDate(day)) + (skipped ? " · " + Strings.skippedDay : "")
      + "</h3><div class=\"controls\">"
    if case .quantity = habit.measure {
      html += "<span class=\"total\">" + value.text + "</span>"
    } else {
      html += CardView.controls(habit, entry: entry, state: state, disabled: false, why: why)
    }
    html +=
      CardView.button(
        skipped ? Strings.undoSkip : Strings.skipDay, .skip(habit.id), classes: "small",
        pressed: skipped, off: why != nil || holds, why: "day-why") + "</div>"
    if let reason = closed ?? (holds ? Strings.cannotSkip + "." : nil) {
      html += "<p id=\"day-why\" class=\"help\">" + HTML.escape(reason) + "</p>"
    }
    if case .done = habit.measure {
    } else {
      html +=
        "<label for=\"day-total\">" + Strings.dayTotal
        + "</label><div class=\"inline\"><input id=\"day-total\" inputmode=\"decimal\""
        + HTML.input(.total(habit.id, "")) + " value=\""
        + HTML.escape(state.dayEditor.total ?? value.text) + "\">"
        + CardView.button(
          Strings.setTotal, .setTotal(habit.id), classes: "small", off: why != nil, why: why,
          id: "set-total")
        + "</div>"
    }
    html +=
      "<label for=\"day-note\">" + Strings.note + "</label><textarea id=\"day-note\" rows=\"2\""
      + HTML.input(.note(habit.id, "")) + ">"
      + HTML.escape(state.dayEditor.note ?? entry?.note ?? "") + "</textarea>"
      + CardView.button(
        Strings.saveNote, .saveNote(habit.id), classes: "small", off: why != nil, why: why,
        id: "save-note")
    if let message = state.dayEditor.message {
      html += "<p class=\"help error\" role=\"alert\">" + HTML.escape(message) + "</p>"
    }
    return html + "</section>"
  }

  /// Skips a range of days for one habit (`id`) or every habit (nil), or takes the skips back.
  static func pause(_ id: HabitID?, state: AppState) -> String {
    let form = id == nil ? state.dayEditor.pauseAll : state.dayEditor.pause
    let max = state.today.iso
    var html =
      "<fieldset class=\"pause\"><legend>" + Strings.pauseTitle + "</legend><p class=\"help\">"
      + Strings.pauseHelp + "</p><div class=\"inline\"><div><label for=\"pause-from\">"
      + Strings.pauseFrom + "</label><input type=\"date\" id=\"pause-from\" max=\"" + max
      + "\"" + HTML.input(.pauseFrom("")) + " value=\"" + HTML.escape(form.from)
      + "\" aria-describedby=\"pause-help\"></div><div><label for=\"pause-through\">"
      + Strings.pauseThrough + "</label><input type=\"date\" id=\"pause-through\" max=\"" + max
      + "\"" + HTML.input(.pauseThrough("")) + " value=\"" + HTML.escape(form.through)
      + "\" aria-describedby=\"pause-help\"></div></div><div class=\"inline\">"
      + HTML.button(
        id == nil ? Strings.pauseAll : Strings.pauseHabit, .pause(id, true), classes: "small",
        id: "pause")
      + HTML.button(
        id == nil ? Strings.resumeAll : Strings.resume, .pause(id, false), classes: "small",
        id: "resume") + "</div><p id=\"pause-help\" class=\"help\" role=\"status\">"
    if let message = form.message { html += HTML.escape(message) }
    return html + "</p></fieldset>"
  }

  /// The chosen day's month: done days filled, skipped (paused) ones dashed, noted ones dotted;
  /// every day the habit can hold is a button that chooses it. The month arrows stop at the
  /// habit's days.
  static func heatmap(_ habit: Habit, state: AppState, chosen: Day) -> String {
    let month = chosen.yearMonth
    let grid = MonthGrid(month: month, firstWeekday: state.firstWeekday)
    let log = state.tracker.log(habit.id)
    let markable = habit.markableDays(today: state.today)
    let earlierOff = markable.map { month.firstDay <= $0.lowerBound } ?? true
    let laterOff = markable.map { month.next.firstDay > $0.upperBound } ?? true
    var html =
      "<figure class=\"heatmap\"><figcaption><span id=\"month-title\">" + Strings.monthTitle(month)
      + "</span>"
      + monthArrow(
        "‹", Strings.previousMonth, month.previous.firstDay, off: earlierOff, id: "month-previous")
      + monthArrow(
        "›", Strings.nextMonth, month.next.firstDay, off: laterOff, id: "month-next")
      + "</figcaption>"
    var notes = ""
    html += MonthCalendar.table(
      grid, attributes: " aria-labelledby=\"month-title\"",
      DayDescriber { day in
        let entry = log[day]
        var cell = CalendarDay(label: Strings.longDate(day), pressed: day == chosen)
        if habit.isDone(entry) {
          cell.classes += " done"
          cell.label += ", " + Strings.doneDay
        }
        if entry?.isSkipped == true {
          cell.classes += " skipped"
          cell.label += ", " + Strings.skippedDay
        }
        if let note = entry?.note, !note.isEmpty {
          cell.classes += " noted"
          cell.label += ", " + Strings.note + ": " + note
          if grid.isInMonth(day) {
            notes +=
              "<li><strong>" + Strings.shortDate(day) + "</strong> " + HTML.escape(note) + "</li>"
          }
        }
        // Days ahead, before the start or after the goal cannot hold a mark.
        if markable?.contains(day) == true { cell.event = .detailDay(day) }
        return cell
      })
    html += "</figure>"
    if !notes.isEmpty { html += "<ul class=\"notes\">" + notes + "</ul>" }
    return html
  }

  /// A month arrow (its id keeps the focus on it from month to month). Past the habit's days
  /// it stays focusable, says so (`aria-disabled`) and sends nothing.
  static func monthArrow(
    _ arrow: String, _ label: String, _ target: Day, off: Bool, id: String
  ) -> String {
    var html = "<button type=\"button\" class=\"small\" id=\"" + id + "\""
    if !off { HTML.appendAction(.detailDay(target), to: &html) }
    return html + " aria-label=\"" + label + "\"" + (off ? " aria-disabled=\"true\"" : "") + ">"
      + arrow + "</button>"
  }
}
