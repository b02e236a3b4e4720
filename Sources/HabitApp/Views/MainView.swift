import HabitCore

/// The main screen: date, week strip, search and filters, and the day's habit cards grouped by
/// category with a Pinned group on top.
enum MainView {
  static func render(_ state: AppState) -> String {
    let tracker = state.tracker
    var html =
      "<header class=\"top\"><div><h1>" + Strings.appName + "</h1><p class=\"date\">"
      + HTML.escape(Strings.longDate(state.selectedDay)) + "</p></div>"
    html +=
      HTML.button("+", action: "open-add", classes: "add", aria: Strings.addHabit) + "</header>"
    html += weekStrip(state)
    if tracker.habits.isEmpty {
      html +=
        "<section class=\"empty\"><div class=\"empty-art\" aria-hidden=\"true\">🌱</div><h2>"
        + Strings.noHabitsTitle + "</h2><p>" + Strings.noHabitsText + "</p>"
        + HTML.button(Strings.addHabit, action: "open-add", classes: "primary") + "</section>"
      return html
    }
    html += filters(state)
    let day = state.filter == .today ? state.today : state.selectedDay
    let items =
      state.filter == .archived
      ? tracker.habitList(on: day, today: state.today, archived: true, filter: state.agendaFilter)
      : tracker.agenda(on: day, today: state.today, filter: state.agendaFilter)
    if items.isEmpty && state.filter == .archived {
      return html + "<section class=\"empty small\"><h2>" + Strings.noArchived + "</h2></section>"
    }
    if items.isEmpty {
      let searching = state.agendaFilter.isActive
      html +=
        "<section class=\"empty small\"><h2>"
        + (searching ? Strings.nothingFound : Strings.nothingDue)
        + "</h2>" + (searching ? "<p>" + Strings.nothingFoundText + "</p>" : "") + "</section>"
      return html
    }
    html += "<div class=\"groups\">"
    let pinned = items.filter { $0.habit.isPinned }
    if !pinned.isEmpty { html += group(Strings.pinned, pinned, state: state, day: day) }
    for category in tracker.sortedCategories {
      let members = items.filter { !$0.habit.isPinned && $0.habit.category == category.id }
      if !members.isEmpty { html += group(category.name, members, state: state, day: day) }
    }
    return html + "</div>"
  }

  static func weekStrip(_ state: AppState) -> String {
    let strip = WeekStrip(around: state.selectedDay, firstWeekday: state.firstWeekday)
    var html = "<nav class=\"week\" aria-label=\"Week\">"
    html += HTML.button("‹", action: "week-prev", classes: "arrow", aria: Strings.previousWeek)
    html += "<ol>"
    for day in strip.days {
      let selected = day == state.selectedDay
      let isToday = day == state.today
      var classes = "day"
      if selected { classes += " selected" }
      if isToday { classes += " today" }
      if day > state.today { classes += " future" }
      html +=
        "<li><button type=\"button\" class=\"" + classes
        + "\" data-action=\"select-day\" data-arg=\""
        + day.iso + "\" aria-label=\"" + HTML.escape(Strings.longDate(day))
        + (isToday ? ", today" : "") + "\""
        + (selected ? " aria-current=\"date\"" : "") + "><span class=\"wd\">"
        + Strings.weekday(day.weekday)
        + "</span><span class=\"dn\">" + String(day.dayOfMonth) + "</span></button></li>"
    }
    html +=
      "</ol>" + HTML.button("›", action: "week-next", classes: "arrow", aria: Strings.nextWeek)
    if state.selectedDay != state.today {
      html += HTML.button(Strings.today, action: "go-today", classes: "chip today-chip")
    }
    return html + "</nav>"
  }

  static func filters(_ state: AppState) -> String {
    var html = "<section class=\"filters\" aria-label=\"Search and filter\">"
    html +=
      "<input type=\"search\" id=\"search\" data-input=\"search\" placeholder=\"" + Strings.search
      + "\" aria-label=\"" + Strings.search + "\" value=\"" + HTML.escape(state.search) + "\">"
    html += "<div class=\"chips\" role=\"group\" aria-label=\"Show\">"
    for (filter, label) in [
      (AppState.Filter.all, Strings.filterAll), (.today, Strings.filterToday),
      (.done, Strings.filterDone),
      (.notDone, Strings.filterNotDone), (.archived, Strings.filterArchived),
    ] {
      html += HTML.button(
        label, action: "filter", argument: filter.rawValue,
        classes: "chip" + (state.filter == filter ? " on" : ""),
        pressed: state.filter == filter)
    }
    html +=
      "</div><div class=\"selects\"><select id=\"category-filter\" data-input=\"category-filter\" aria-label=\""
      + Strings.category + "\">"
      + HTML.option("", Strings.allCategories, selected: state.categoryFilter == nil)
    for category in state.tracker.sortedCategories {
      html += HTML.option(
        category.id.rawValue, category.name, selected: state.categoryFilter == category.id)
    }
    html +=
      "</select><select id=\"time-filter\" data-input=\"time-filter\" aria-label=\""
      + Strings.timeOfDay + "\">"
      + HTML.option("", Strings.anyTime, selected: state.timeFilter == nil)
    for (index, time) in TimeOfDay.allCases.enumerated() where time != .anytime {
      html += HTML.option(
        time.rawValue, Strings.timeOfDayNames[index], selected: state.timeFilter == time)
    }
    return html + "</select></div></section>"
  }

  static func group(_ title: String, _ items: [AgendaItem], state: AppState, day: Day) -> String {
    var html = "<section class=\"group\"><h2>" + HTML.escape(title) + "</h2><ul class=\"cards\">"
    for item in items { html += card(item, state: state, day: day) }
    return html + "</ul></section>"
  }

  static func card(_ item: AgendaItem, state: AppState, day: Day) -> String {
    let habit = item.habit
    let title = HTML.escape(habit.title)
    var subtitle: String
    if habit.kind == .irregularEvent {
      let tracked = (try? state.tracker.trackedDays(for: habit.id, today: state.today)) ?? 0
      subtitle = Strings.plural(tracked, "day") + " tracked"
    } else {
      let streak = try? state.tracker.currentStreak(for: habit.id, today: state.today)
      subtitle = "🔥 " + Strings.streak(streak ?? .none(.days))
    }
    if habit.direction == .quit { subtitle += " without" }
    var html =
      "<li class=\"card" + (item.isDone ? " done" : "") + "\" data-color=\"" + habit.color.hex
      + "\">"
    html +=
      "<button type=\"button\" class=\"card-open\" data-action=\"open-detail\" data-arg=\""
      + habit.id.rawValue
      + "\"><span class=\"emoji\" aria-hidden=\"true\">"
      + HTML.escape(habit.emoji.isEmpty ? "•" : habit.emoji)
      + "</span><span class=\"text\"><span class=\"title\">" + title + "</span><span class=\"sub\">"
      + HTML.escape(subtitle) + "</span></span></button>"
    let future = day > state.today
    switch habit.measure {
    case .done:
      let slipped = habit.direction == .quit && item.value > .zero
      let label =
        habit.direction == .quit
        ? (slipped ? Strings.undoSlip : Strings.slipped) + ": " + habit.title
        : (item.isDone ? Strings.markNotDone : Strings.markDone) + ": " + habit.title
      let marked = habit.direction == .quit ? slipped : item.isDone
      html += HTML.button(
        marked ? (habit.direction == .quit ? "✗" : "✓") : "", action: "tap",
        argument: habit.id.rawValue,
        classes: "check", aria: label, disabled: future, pressed: marked)
    case .count(_, let target):
      html +=
        "<span class=\"total\" aria-label=\"" + Strings.totalCount + "\">" + item.value.text + "/"
        + String(target) + "</span>"
      html += HTML.button(
        "+1", action: "tap", argument: habit.id.rawValue, classes: "check count",
        aria: Strings.addOne + ": " + habit.title,
        disabled: future)
    case .quantity(let target, let unit):
      let typed = state.amounts[habit.id] ?? ""
      html +=
        "<span class=\"total\">" + item.value.text + "/" + target.text + " " + HTML.escape(unit)
        + "</span>"
      html +=
        "<input class=\"amount\" inputmode=\"decimal\" id=\"amount-" + habit.id.rawValue
        + "\" data-input=\"amount\" data-arg=\"" + habit.id.rawValue + "\" aria-label=\""
        + Strings.amount + " ("
        + HTML.escape(unit) + "): " + title + "\" value=\"" + HTML.escape(typed) + "\""
        + (future ? " disabled" : "") + ">"
      html += HTML.button(
        Strings.log, action: "log-amount", argument: habit.id.rawValue, classes: "log",
        disabled: future)
    }
    return html + "</li>"
  }
}
