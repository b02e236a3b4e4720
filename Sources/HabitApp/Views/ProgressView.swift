import HabitCore

/// The Progress tab: a month calendar coloured by the share of each day's habits done, with
/// month navigation and a habit picker; one habit's streaks are drawn as connected runs.
enum ProgressView {
  static func render(_ state: AppState) -> String {
    let screen = state.progress
    let tracker = state.tracker
    var html = "<header class=\"top\"><h1>" + Strings.progressTab + "</h1></header>"
    if tracker.habits.isEmpty {
      return html
        + "<section class=\"empty small\"><div class=\"empty-art\" aria-hidden=\"true\">📅</div><p>"
        + Strings.noStatistics + "</p></section>"
    }
    let habit = screen.habit.flatMap { tracker.habit($0) }
    html +=
      "<div class=\"inline progress-controls\"><label for=\"progress-habit\">" + Strings.showHabit
      + "</label><select id=\"progress-habit\"" + HTML.input(.progressHabit(nil)) + ">"
      + HTML.option("", Strings.allHabitsChoice, selected: habit == nil)
    for item in tracker.sortedHabits {
      html += HTML.option(
        item.id.rawValue, (item.emoji.isEmpty ? "" : item.emoji + " ") + item.title,
        selected: item.id == habit?.id)
    }
    html += "</select></div>"
    let month = screen.month
    let grid = MonthGrid(month: month, firstWeekday: state.firstWeekday)
    html +=
      "<figure class=\"heatmap month-calendar\" id=\"progress-calendar\"><figcaption>"
      + monthButton("‹", Strings.previousMonth, month.previous, id: "progress-previous")
      + "<span id=\"progress-month\">" + Strings.monthTitle(month) + "</span>"
      + monthButton("›", Strings.nextMonth, month.next, id: "progress-next")
    if month != state.today.yearMonth {
      html += HTML.button(
        Strings.todayMark, .progressMonth(state.today.yearMonth), classes: "small",
        id: "progress-today")
    }
    html +=
      "</figcaption><p class=\"help\" id=\"progress-help\">" + Strings.openDayHint + "</p>"
    let attributes = " aria-labelledby=\"progress-month\" aria-describedby=\"progress-help\""
    if let habit {
      html += habitTable(habit, grid: grid, attributes: attributes, state: state) + "</figure>"
      html += habitLegend(habit, state: state)
    } else {
      html += allTable(grid: grid, attributes: attributes, state: state)
      html +=
        "<ul class=\"legend gradient\"><li><span class=\"swatch none\"></span>"
        + Strings.legendNothingDue + "</li><li><span class=\"swatch l0\"></span>"
        + Strings.legendNone
        + "</li><li><span class=\"swatch l1\"></span><span class=\"swatch l2\"></span><span class=\"swatch l3\"></span></li><li><span class=\"swatch l4\"></span>"
        + Strings.legendAll + "</li><li><span class=\"swatch today\"></span>" + Strings.todayMark
        + "</li></ul>"
    }
    return html
  }

  /// Every habit: each day coloured by the share of its list done, and the month's sums.
  static func allTable(grid: MonthGrid, attributes: String, state: AppState) -> String {
    let first = grid.weeks[0][0]
    let days = state.tracker.progress(
      in: first...grid.weeks[grid.weeks.count - 1][6], today: state.today)
    var done = 0
    var listed = 0
    var perfect = 0
    var html = MonthCalendar.table(
      grid, attributes: attributes,
      DayDescriber { day in
        let figure = days[first.distance(to: day)]
        var cell = cell(day, state: state)
        if figure.due == 0 {
          cell.classes += " none"
          cell.label += ", " + Strings.nothingDueDay
        } else if day > state.today {
          cell.label += ", " + Strings.plural(figure.due, "habit") + " due"
        } else {
          cell.classes += " l" + String(figure.level)
          cell.label += ", " + Strings.doneOf(figure.met, figure.due)
        }
        if grid.isInMonth(day) && day <= state.today {
          done += figure.met
          listed += figure.due
          if figure.due > 0 && figure.met == figure.due { perfect += 1 }
        }
        return cell
      })
    html += "</figure>"
    if listed > 0 {
      html +=
        "<p class=\"summary\" id=\"progress-summary\">" + Strings.monthDone + ": "
        + Strings.doneOf(done, listed) + " (" + Strings.percent(Ratio(done, of: listed)) + ") · "
        + Strings.perfectDays + ": " + String(perfect) + "</p>"
    }
    return html
  }

  /// One habit: done days filled, its streaks joined into runs, skips dashed, notes dotted,
  /// missed due days marked.
  static func habitTable(_ habit: Habit, grid: MonthGrid, attributes: String, state: AppState)
    -> String
  {
    let log = state.tracker.log(habit.id)
    let runs =
      (try? state.tracker.streaks(
        for: habit.id, today: state.today, firstWeekday: state.firstWeekday)) ?? []
    var run = 0
    return MonthCalendar.table(
      grid, attributes: attributes,
      DayDescriber { day in
        while run < runs.count, let end = runs[run].end, end < day { run += 1 }
        let entry = log[day]
        let item = state.tracker.item(habit, on: day, today: state.today)
        var cell = cell(day, state: state)
        if item.isDone {
          cell.classes += " done"
          cell.label += ", " + Strings.doneDay
        } else if item.isSkipped {
          cell.classes += " skipped"
          cell.label += ", " + Strings.skippedDay
        } else if habit.isScheduled(on: day) && day < state.today {
          cell.classes += " missed"
          cell.label += ", " + Strings.missedDay
        }
        if run < runs.count, let start = runs[run].start, let end = runs[run].end,
          start <= day && day <= end
        {
          cell.classes += " run"
          if day == start { cell.classes += " run-start" }
          if day == end { cell.classes += " run-end" }
          cell.label += ", " + Strings.streakRun + " " + Strings.streak(runs[run])
        }
        if let note = entry?.note, !note.isEmpty {
          cell.classes += " noted"
          cell.label += ", " + Strings.note + ": " + note
        }
        return cell
      })
  }

  /// A day's cell: it opens the day's list; today is marked, days ahead outlined.
  static func cell(_ day: Day, state: AppState) -> CalendarDay {
    var cell = CalendarDay(label: Strings.longDate(day), event: .openDay(day))
    if day == state.today {
      cell.classes = "today"
      cell.current = true
    } else if day > state.today {
      cell.classes = "future"
    }
    return cell
  }

  static func habitLegend(_ habit: Habit, state: AppState) -> String {
    var html =
      "<ul class=\"legend\"><li><span class=\"swatch done\"></span>" + Strings.legendDone
      + "</li><li><span class=\"swatch run\"></span>" + Strings.streakRun
      + "</li><li><span class=\"swatch skipped\"></span>" + Strings.skippedDay
      + "</li><li><span class=\"swatch missed\"></span>" + Strings.legendMissed
      + "</li><li><span class=\"swatch noted\"></span>" + Strings.note + "</li></ul>"
    if let stats = try? state.tracker.stats(
      for: habit.id, today: state.today, firstWeekday: state.firstWeekday)
    {
      html +=
        "<p class=\"summary\" id=\"progress-summary\">" + Strings.currentStreak + ": "
        + Strings.streak(stats.currentStreak) + " · " + Strings.longestStreak + ": "
        + Strings.streak(stats.longestStreak) + "</p>"
    }
    return html
      + HTML.button(
        Strings.openDetails, .openDetail(habit.id), classes: "small", id: "progress-detail")
  }

  static func monthButton(_ arrow: String, _ label: String, _ month: YearMonth, id: String)
    -> String
  {
    HTML.button(arrow, .progressMonth(month), classes: "small", aria: label, id: id)
  }
}
