import HabitCore

/// The main screen: date, week strip, search and filters, and the day's habit cards grouped by
/// category with a Pinned group on top. The header, week strip, filters and each card are
/// regions: a tap on a card repaints that card alone.
enum MainView {
  static func render(_ state: AppState, into page: inout Page) {
    let tracker = state.tracker
    page.region(
      "top",
      "<header class=\"top\" id=\"top\"><div><h1>" + Strings.appName + "</h1><p class=\"date\">"
        + HTML.escape(Strings.longDate(state.habits.selectedDay)) + "</p></div>"
        + HTML.button("+", .openAdd, classes: "add", aria: Strings.addHabit) + "</header>")
    page.region("week", weekStrip(state))
    if tracker.habits.isEmpty {
      page.append(
        "<section class=\"empty\"><div class=\"empty-art\" aria-hidden=\"true\">🌱</div><h2>"
          + Strings.noHabitsTitle + "</h2><p>" + Strings.noHabitsText + "</p>"
          + HTML.button(Strings.addHabit, .openAdd, classes: "primary") + "</section>")
      return
    }
    page.region("filters", filters(state))
    let screen = state.habits
    let day = screen.shownDay(today: state.today)
    let items = tracker.list(screen.scope, on: day, today: state.today, filter: screen.agendaFilter)
    if items.isEmpty && screen.scope == .archived {
      page.append("<section class=\"empty small\"><h2>" + Strings.noArchived + "</h2></section>")
      return
    }
    if items.isEmpty {
      let searching = screen.agendaFilter.isActive
      page.append(
        "<section class=\"empty small\"><h2>"
          + (searching ? Strings.nothingFound : Strings.nothingDue)
          + "</h2>" + (searching ? "<p>" + Strings.nothingFoundText + "</p>" : "") + "</section>")
      return
    }
    page.append("<div class=\"groups\">")
    let pinned = items.filter { $0.habit.isPinned }
    if !pinned.isEmpty { group(Strings.pinned, pinned, state: state, day: day, into: &page) }
    for category in tracker.sortedCategories {
      let members = items.filter { !$0.habit.isPinned && $0.habit.category == category.id }
      if !members.isEmpty { group(category.name, members, state: state, day: day, into: &page) }
    }
    page.append("</div>")
  }

  static func weekStrip(_ state: AppState) -> String {
    let strip = WeekStrip(around: state.habits.selectedDay, firstWeekday: state.firstWeekday)
    var html = "<nav class=\"week\" id=\"week\" aria-label=\"Week\">"
    html += HTML.button("‹", .weekPrevious, classes: "arrow", aria: Strings.previousWeek)
    html += "<ol>"
    for day in strip.days {
      let selected = day == state.habits.selectedDay
      let isToday = day == state.today
      var classes = "day"
      if selected { classes += " selected" }
      if isToday { classes += " today" }
      if day > state.today { classes += " future" }
      html +=
        "<li><button type=\"button\" class=\"" + classes
        + "\"" + HTML.action(.selectDay(day)) + " aria-label=\""
        + HTML.escape(Strings.longDate(day))
        + (isToday ? ", today" : "") + "\""
        + (selected ? " aria-current=\"date\"" : "") + "><span class=\"wd\">"
        + Strings.weekday(day.weekday)
        + "</span><span class=\"dn\">" + String(day.dayOfMonth) + "</span></button></li>"
    }
    html +=
      "</ol>" + HTML.button("›", .weekNext, classes: "arrow", aria: Strings.nextWeek)
    if state.habits.selectedDay != state.today {
      html += HTML.button(Strings.today, .goToday, classes: "chip today-chip")
    }
    return html + "</nav>"
  }

  static func filters(_ state: AppState) -> String {
    var html = "<section class=\"filters\" id=\"filters\" aria-label=\"Search and filter\">"
    html +=
      "<input type=\"search\" id=\"search\"" + HTML.input(.search("")) + " placeholder=\""
      + Strings.search
      + "\" aria-label=\"" + Strings.search + "\" value=\"" + HTML.escape(state.habits.search)
      + "\">"
    html += "<div class=\"chips\" role=\"group\" aria-label=\"Show\">"
    for (filter, label) in [
      (HabitsScreen.Filter.all, Strings.filterAll), (.today, Strings.filterToday),
      (.done, Strings.filterDone),
      (.notDone, Strings.filterNotDone), (.archived, Strings.filterArchived),
    ] {
      html += HTML.button(
        label, .filter(filter),
        classes: "chip" + (state.habits.filter == filter ? " on" : ""),
        pressed: state.habits.filter == filter)
    }
    html +=
      "</div><div class=\"selects\"><select id=\"category-filter\""
      + HTML.input(.categoryFilter(nil)) + " aria-label=\""
      + Strings.category + "\">"
      + HTML.option("", Strings.allCategories, selected: state.habits.category == nil)
    for category in state.tracker.sortedCategories {
      html += HTML.option(
        category.id.rawValue, category.name, selected: state.habits.category == category.id)
    }
    html +=
      "</select><select id=\"time-filter\"" + HTML.input(.timeFilter(nil)) + " aria-label=\""
      + Strings.timeOfDay + "\">"
      + HTML.option("", Strings.anyTime, selected: state.habits.timeOfDay == nil)
    for (index, time) in TimeOfDay.allCases.enumerated() where time != .anytime {
      html += HTML.option(
        time.rawValue, Strings.timeOfDayNames[index], selected: state.habits.timeOfDay == time)
    }
    return html + "</select></div></section>"
  }

  static func group(
    _ title: String, _ items: [AgendaItem], state: AppState, day: Day, into page: inout Page
  ) {
    page.append("<section class=\"group\"><h2>" + HTML.escape(title) + "</h2><ul class=\"cards\">")
    for item in items {
      page.region(
        "card-" + item.habit.id.rawValue, CardView.render(item, state: state, day: day))
    }
    page.append("</ul></section>")
  }
}
