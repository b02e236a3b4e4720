import HabitCore

/// The main screen: date, week strip, search and filters, and the day's habit cards grouped by
/// category with a Pinned group on top. The header, week strip, filters and each card are
/// regions: a tap on a card repaints that card alone.
enum MainView {
  static func render(_ state: AppState, into page: inout Page) {
    let tracker = state.tracker
    let screen = state.habits
    let all = screen.showsAll && !tracker.habits.isEmpty
    var top =
      "<header class=\"top\" id=\"top\"><div><h1>" + Strings.appName + "</h1>"
    if !all {
      // The date opens the month calendar (seed 004).
      top +=
        "<button type=\"button\" class=\"date\" id=\"date-button\" aria-expanded=\""
        + (screen.picker == nil ? "false" : "true") + "\" aria-haspopup=\"dialog\""
        + HTML.action(.picker(screen.picker == nil ? screen.selectedDay.yearMonth : nil))
        + "><span class=\"visually-hidden\">" + Strings.chooseDate + ": </span>"
        + HTML.escape(Strings.longDate(screen.selectedDay))
        + " <span aria-hidden=\"true\">▾</span></button>"
    }
    top += "</div>" + HTML.button("+", .openAdd, classes: "add", aria: Strings.addHabit)
    if !tracker.habits.isEmpty {
      top +=
        "<div class=\"segments\" role=\"group\" aria-label=\"" + Strings.listChoice + "\">"
        + HTML.button(Strings.dayList, .habitsView(all: false), pressed: !all)
        + HTML.button(Strings.allHabits, .habitsView(all: true), pressed: all) + "</div>"
    }
    page.region("top", top + "</header>")
    page.region("saved-hint", savedHint(state))
    if all {
      page.region("all-habits", AllHabitsView.render(state))
      return
    }
    page.region(
      "picker",
      screen.picker.map { DatePickerView.render($0, state: state) }
        ?? "<div id=\"picker\" hidden></div>")
    page.region("week", weekStrip(state))
    if tracker.habits.isEmpty {
      page.append(
        "<section class=\"empty\"><div class=\"empty-art\" aria-hidden=\"true\">🌱</div><h2>"
          + Strings.noHabitsTitle + "</h2><p>" + Strings.noHabitsText + "</p>"
          + HTML.button(Strings.addHabit, .openAdd, classes: "primary") + "</section>")
      return
    }
    let day = screen.selectedDay
    let dayItems = tracker.agenda(on: day, today: state.today, sort: state.habitSort)
    // No habits that day, nothing to filter (seed 004): the filter goes.
    if dayItems.isEmpty {
      page.append(
        "<section class=\"empty small\"><h2>" + Strings.nothingDue + "</h2>"
          + HTML.button(Strings.seeAllHabits, .habitsView(all: true), classes: "ghost")
          + "</section>")
      return
    }
    page.region("overview", overview(state))
    page.region("filters", filters(state))
    let filter = screen.agendaFilter
    let items = filter.isActive ? dayItems.filter { filter.admits($0) } : dayItems
    if items.isEmpty {
      page.append(
        "<section class=\"empty small\"><h2>" + Strings.nothingFound + "</h2><p>"
          + Strings.nothingFoundText + "</p></section>")
      return
    }
    page.append("<div class=\"groups\">")
    let pinned = items.filter { $0.habit.isPinned }
    if !pinned.isEmpty { group(Strings.pinned, pinned, state: state, day: day, into: &page) }
    if state.habitSort == .timeOfDay {
      for time in [TimeOfDay.morning, .afternoon, .evening, .anytime] {
        let members = items.filter { !$0.habit.isPinned && $0.habit.timeOfDay == time }
        if !members.isEmpty {
          group(
            Strings.timeOfDayNames[TimeOfDay.allCases.firstIndex(of: time) ?? 0], members,
            state: state, day: day, into: &page)
        }
      }
    } else {
      for category in tracker.sortedCategories {
        let members = items.filter { !$0.habit.isPinned && $0.habit.category == category.id }
        if !members.isEmpty { group(category.name, members, state: state, day: day, into: &page) }
      }
    }
    page.append("</div>")
  }

  /// "3 of 5 done" with a ring, for the chosen day: the same count the Progress calendar colours.
  static func overview(_ state: AppState) -> String {
    let day = state.habits.selectedDay
    let progress = state.tracker.progress(on: day, today: state.today)
    // A day of only weekly quotas or events, none met yet, asks for nothing in particular.
    let text =
      progress.due == 0 ? Strings.legendNothingDue : Strings.doneOf(progress.met, progress.due)
    return "<section class=\"overview\" id=\"overview\" aria-label=\""
      + (day == state.today ? Strings.overviewTitle : Strings.progressTab)
      + "\">" + ProgressRing.render(done: progress.met, of: progress.due, label: "")
      + "<p><strong>" + text + "</strong><span>"
      + (day == state.today ? Strings.overviewTitle : HTML.escape(Strings.longDate(day)))
      + "</span></p></section>"
  }

  /// Where a habit just saved went when the day does not list it (a live region, always there
  /// so that screen readers announce what appears in it).
  static func savedHint(_ state: AppState) -> String {
    var html = "<div id=\"saved-hint\" aria-live=\"polite\">"
    if let saved = state.habits.saved, state.tracker.habit(saved.id) != nil {
      html +=
        "<p class=\"hint\"><span>" + HTML.escape(Strings.savedNotListed(saved.nextDue))
        + "</span>" + HTML.button(Strings.seeAllHabits, .habitsView(all: true), classes: "small")
        + "</p>"
    }
    return html + "</div>"
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
      html += HTML.button(
        Strings.today, .goToday, classes: "chip today-chip", aria: Strings.goToToday)
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
    // The current one is marked by a checkmark as well as by colour (seed 004).
    for (filter, label) in [
      (HabitsScreen.Filter.all, Strings.filterAll), (.today, Strings.filterToday),
      (.done, Strings.filterDone), (.notDone, Strings.filterNotDone),
    ] {
      let on = state.habits.filter == filter
      html += HTML.button(
        on ? "<span aria-hidden=\"true\">✓ </span>" + label : label, .filter(filter),
        classes: on ? "chip on" : "chip", pressed: on)
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
    let byTime = state.habitSort == .timeOfDay
    html +=
      "</select><select id=\"sort\"" + HTML.input(.sort(.custom)) + " aria-label=\"" + Strings.sort
      + "\">" + HTML.option("", Strings.sort + ": " + Strings.sortCustom, selected: !byTime)
      + HTML.option("time", Strings.sort + ": " + Strings.timeOfDay, selected: byTime)
    return html + "</select></div></section>"
  }

  static func group(
    _ title: String, _ items: [AgendaItem], state: AppState, day: Day, into page: inout Page
  ) {
    page.append("<section class=\"group\"><h2>" + HTML.escape(title) + "</h2><ul class=\"cards\">")
    for item in items { page.card(item, state: state, day: day) }
    page.append("</ul></section>")
  }
}
