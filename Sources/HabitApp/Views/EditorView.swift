import HabitCore

/// The add/edit sheet: every field of a habit, Save enabled once the required ones are filled.
enum EditorView {
  static let emojis = [
    "🙂", "😻", "🌺", "🐶", "❤️", "😱", "😇", "😡", "🥶", "🤔", "🙌", "🍔", "🥦", "🏓", "🥇", "🎸", "🏝️", "😪",
    "📚", "💧", "🏃", "🧘", "💤", "🚭",
  ]

  static func render(_ draft: HabitDraft, state: AppState) -> String {
    let tracker = state.tracker
    let title = draft.editing == nil ? Strings.newHabit : Strings.editHabit
    var html =
      "<div class=\"overlay\"><section class=\"sheet\" role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"editor-title\">"
    html +=
      "<header class=\"sheet-head\">"
      + HTML.button(Strings.cancel, .closeSheet, classes: "ghost")
      + "<h2 id=\"editor-title\">" + title + "</h2>"
      + HTML.button(
        draft.editing == nil ? Strings.save : Strings.saveChanges, .save,
        classes: "primary",
        disabled: !draft.hasRequiredFields, id: "save")
      + "</header><div class=\"form\">"
    // Kind
    html += "<div class=\"segmented\" role=\"group\" aria-label=\"Kind\">"
    for (kind, label) in [
      (HabitKind.habit, Strings.kindHabit), (.irregularEvent, Strings.kindEvent),
    ] {
      html += HTML.button(
        label, .draft(field: "kind", value: kind.rawValue), classes: draft.kind == kind ? "on" : "",
        pressed: draft.kind == kind)
    }
    html += "</div>"
    // Title
    let length = draft.titleLength
    let tooLong = length > HabitError.maximumTitleLength
    let missingTitle = draft.showsMissing && length == 0
    html += "<label for=\"title\">" + Strings.titleLabel + "</label><div class=\"with-clear\">"
    html +=
      "<input id=\"title\"" + HTML.input(.draft(field: "title", value: ""))
      + " autocomplete=\"off\" placeholder=\""
      + Strings.titlePlaceholder + "\" value=\"" + HTML.escape(draft.title)
      + "\" aria-describedby=\"title-help\""
      + (tooLong || missingTitle ? " aria-invalid=\"true\"" : "") + ">"
    if !draft.title.isEmpty {
      html += HTML.button(
        "×", .draftClearTitle, classes: "clear", aria: Strings.clearTitle)
    }
    html +=
      "</div><p id=\"title-help\" class=\"help" + (tooLong || missingTitle ? " error" : "") + "\">"
    if tooLong {
      html += HTML.escape(HabitError.titleTooLong(length: length).message)
    } else if missingTitle {
      html += HTML.escape(HabitError.emptyTitle.message)
    } else {
      html += Strings.characters(length, of: HabitError.maximumTitleLength)
    }
    html += "</p>"
    // Description
    html +=
      "<label for=\"description\">" + Strings.descriptionLabel
      + "</label><textarea id=\"description\"" + HTML.input(.draft(field: "description", value: ""))
      + " rows=\"2\" placeholder=\""
      + HTML.escape(Strings.descriptionPlaceholder) + "\">" + HTML.escape(draft.description)
      + "</textarea>"
    // Category
    html += categoryPicker(draft, tracker: tracker)
    // Schedule
    if draft.kind == .habit { html += schedule(draft) }
    // Measure
    html +=
      "<fieldset><legend>" + Strings.measure + "</legend>"
      + select(
        "measureKind", draft.measureKind,
        [
          ("done", Strings.measureDone), ("count", Strings.measureCount),
          ("quantity", Strings.measureQuantity),
        ], label: Strings.measure)
    if draft.measureKind == "count" {
      html +=
        numberField("step", draft.step, Strings.step)
        + numberField("countTarget", draft.countTarget, Strings.target)
    } else if draft.measureKind == "quantity" {
      html +=
        textField("quantityTarget", draft.quantityTarget, Strings.target, inputMode: "decimal")
        + textField("unit", draft.unit, Strings.unit, placeholder: Strings.unitPlaceholder)
    }
    html += "</fieldset>"
    // Direction
    html +=
      "<fieldset><legend>" + Strings.direction + "</legend>"
      + select(
        "direction", draft.direction.rawValue, [("build", Strings.build), ("quit", Strings.quit)],
        label: Strings.direction)
      + "</fieldset>"
    // Start and goal
    let startProblem = Day(iso: draft.start).flatMap {
      DayRange.startProblem($0, today: state.today)
    }
    html +=
      "<label for=\"start\">" + Strings.startDate
      + "</label><input type=\"date\" id=\"start\"" + HTML.input(.draft(field: "start", value: ""))
      + " value=\"" + HTML.escape(draft.start) + "\" min=\"" + DayRange.earliest.iso + "\" max=\""
      + DayRange.latestStart(today: state.today).iso + "\""
    if let startProblem {
      html +=
        " aria-invalid=\"true\" aria-describedby=\"start-help\"><p id=\"start-help\" class=\"help error\" role=\"alert\">"
        + HTML.escape(startProblem.message) + "</p>"
    } else {
      html += ">"
    }
    if let original = draft.originalStart, let id = draft.editing, let new = Day(iso: draft.start),
      new > original
    {
      let lost = tracker.entriesLost(ifStartOf: id, movesTo: new)
      if lost > 0 {
        html += "<p class=\"warning\" role=\"alert\">" + Strings.startMoveWarning(lost) + "</p>"
      }
    }
    html +=
      "<fieldset><legend>" + Strings.goal + "</legend>"
      + select(
        "goalKind", draft.goalKind,
        [
          ("forever", Strings.forever), ("days", Strings.goalDays), ("weeks", Strings.goalWeeks),
          ("months", Strings.goalMonths),
        ], label: Strings.goal)
    if draft.goalKind != "forever" {
      html += numberField("goalCount", draft.goalCount, Strings.goal + " (" + draft.goalKind + ")")
    }
    html += "</fieldset>"
    // Emoji and colour
    html += "<fieldset><legend>" + Strings.emoji + "</legend><div class=\"emoji-grid\">"
    for emoji in emojis {
      html +=
        "<button type=\"button\"" + HTML.action(.draft(field: "emoji", value: emoji))
        + " aria-label=\"" + emoji
        + "\" aria-pressed=\"" + (draft.emoji == emoji ? "true" : "false") + "\""
        + (draft.emoji == emoji ? " class=\"on\"" : "")
        + ">" + emoji + "</button>"
    }
    html +=
      "</div></fieldset><fieldset><legend>" + Strings.color + "</legend><div class=\"color-grid\">"
    for color in HabitColor.palette {
      let on = draft.color == color.hex
      html +=
        "<button type=\"button\"" + HTML.action(.draft(field: "color", value: color.hex))
        + " data-color=\""
        + color.hex + "\" aria-label=\"" + Strings.color + " " + color.hex + "\" aria-pressed=\""
        + (on ? "true" : "false")
        + "\"" + (on ? " class=\"on\"" : "") + "></button>"
    }
    html += "</div></fieldset>"
    html += "<fieldset><legend>" + Strings.timeOfDay + "</legend>"
    var times: [(String, String)] = []
    for (index, time) in TimeOfDay.allCases.enumerated() {
      times.append((time.rawValue, Strings.timeOfDayNames[index]))
    }
    html +=
      select("timeOfDay", draft.timeOfDay.rawValue, times, label: Strings.timeOfDay) + "</fieldset>"
    return html + (reminderScreens?.editor(draft, tracker) ?? "") + "</div></section></div>"
  }

  /// Reminder times on chosen days, and a place to arrive at or leave.
  static func reminders(_ draft: HabitDraft, tracker: Tracker) -> String {
    var html = "<fieldset id=\"reminders\"><legend>" + Strings.reminders + "</legend>"
    for (index, time) in draft.reminderTimes.enumerated() {
      let id = "remind-" + String(index)
      let bad = draft.reminderTimeIsBad(index)
      html +=
        "<div class=\"inline\"><input type=\"time\" id=\"" + id + "\""
        + HTML.input(.reminderTime(index, "")) + " aria-label=\""
        + Strings.reminderTime(index + 1) + "\" value=\"" + HTML.escape(time) + "\""
        + (bad ? " aria-invalid=\"true\" aria-describedby=\"" + id + "-help\"" : "") + ">"
        + HTML.button(
          Strings.remove, .reminder(.removeTime, String(index)),
          classes: "ghost small", aria: Strings.remove + " " + Strings.reminderTime(index + 1))
        + "</div>"
      if bad {
        html += "<p id=\"" + id + "-help\" class=\"help error\">" + Strings.badTime + "</p>"
      }
    }
    if draft.reminderTimes.count < Reminders.maximumTimes {
      html += HTML.button(
        Strings.addTime, .reminder(.addTime, ""), classes: "small", id: "add-time")
    }
    var places: [(String, String)] = [("", Strings.noPlace)]
    for place in tracker.placesByName {
      places.append((place.id.rawValue, place.name))
    }
    html += select(
      "reminder-place", draft.reminderPlace, places, label: Strings.reminderPlace,
      event: .reminder(.place, ""))
    if !draft.reminderPlace.isEmpty {
      html += select(
        "reminder-trigger", draft.reminderTrigger == .leave ? "1" : "0",
        [("0", Strings.whenArriving), ("1", Strings.whenLeaving)], label: Strings.reminderTrigger,
        event: .reminder(.trigger, ""))
    }
    if !draft.reminderTimes.isEmpty || !draft.reminderPlace.isEmpty {
      html += weekdayPicker(draft.reminderDays, label: Strings.reminderDays) {
        .reminder(.remindDay, String($0.isoNumber))
      }
      if draft.reminderDays.count == 0 {
        html += "<p class=\"help error\">" + HabitError.reminderWithoutWeekdays.message + "</p>"
      }
    }
    return html + "<p class=\"help\">" + Strings.reminderHelp + "</p></fieldset>"
  }

  /// Seven toggles, Monday first, for the days in `set`.
  static func weekdayPicker(_ set: WeekdaySet, label: String, _ event: (Weekday) -> AppEvent)
    -> String
  {
    var html = "<div class=\"weekday-picker\" role=\"group\" aria-label=\"" + label + "\">"
    for day in Weekday.allCases {
      let on = set.contains(day)
      html += HTML.button(
        Strings.weekday(day), event(day), classes: on ? "on" : "",
        aria: Strings.weekdayLong[day.rawValue - 1], pressed: on)
    }
    return html + "</div><p class=\"help\">" + HTML.escape(Strings.scheduleSummary(.weekdays(set)))
      + "</p>"
  }

  static func categoryPicker(_ draft: HabitDraft, tracker: Tracker) -> String {
    let missing = draft.showsMissing && draft.category.isEmpty
    var html = "<fieldset><legend>" + Strings.category + "</legend>"
    var options: [(String, String)] = [("", Strings.chooseCategory)]
    for category in tracker.sortedCategories {
      options.append((category.id.rawValue, category.name))
    }
    html += select("category", draft.category, options, label: Strings.category)
    if missing {
      html +=
        "<p id=\"category-help\" class=\"help error\">"
        + HTML.escape(HabitError.missingCategory.message) + "</p>"
    }
    let typed = !Text.trimmed(draft.newCategoryName).isEmpty
    html +=
      "<div class=\"inline\"><input id=\"new-category\""
      + HTML.input(.draft(field: "newCategoryName", value: "")) + " placeholder=\""
      + Strings.newCategory + "\" aria-label=\"" + Strings.newCategory + "\" value=\""
      + HTML.escape(draft.newCategoryName) + "\""
      + (draft.categoryMessage == nil
        ? "" : " aria-invalid=\"true\" aria-describedby=\"category-message\"") + ">"
      + HTML.button(Strings.addCategory, .categoryAdd, classes: "small", disabled: !typed)
      + "</div>"
    if let message = draft.categoryMessage {
      html +=
        "<p id=\"category-message\" class=\"help error\" role=\"alert\">" + HTML.escape(message)
        + "</p>"
    }
    if let chosen = tracker.category(CategoryID(draft.category)) {
      // The typed name can also rename the chosen category.
      html +=
        "<div class=\"inline\">"
        + HTML.button(
          Strings.renameCategory + " " + HTML.escape(chosen.name), .categoryRename(chosen.id),
          classes: "ghost small", disabled: !typed)
        + HTML.button(
          Strings.deleteCategory, .categoryDelete(chosen.id), classes: "ghost danger small")
        + "</div>"
    }
    html += "</fieldset>"
    return html
  }

  static func schedule(_ draft: HabitDraft) -> String {
    var html =
      "<fieldset><legend>" + Strings.schedule + "</legend>"
      + select(
        "scheduleKind", draft.scheduleKind,
        [
          ("everyDay", Strings.everyDay), ("weekdays", Strings.onWeekdays),
          ("everyNDays", Strings.everyNDays),
          ("timesPerWeek", Strings.timesPerWeek), ("timesPerMonth", Strings.timesPerMonth),
          ("timesInDays", Strings.timesInDays),
        ], label: Strings.schedule)
    switch draft.scheduleKind {
    case "weekdays":
      html += weekdayPicker(draft.weekdays, label: Strings.onWeekdays) { .draftWeekday($0) }
      if draft.weekdays.count == 0 {
        html += "<p class=\"help error\">" + HabitError.noWeekdays.message + "</p>"
      }
    case "everyNDays":
      html += numberField(
        "interval", draft.interval, Strings.everyNDays + " (" + Strings.days + ")")
    case "timesPerWeek": html += numberField("perWeek", draft.perWeek, Strings.timesPerWeek)
    case "timesPerMonth": html += numberField("perMonth", draft.perMonth, Strings.timesPerMonth)
    case "timesInDays":
      html +=
        numberField("inTimes", draft.inTimes, Strings.howManyTimes)
        + numberField("interval", draft.interval, Strings.inDays)
    default: break
    }
    return html + "</fieldset>"
  }

  static func select(
    _ field: String, _ value: String, _ options: [(String, String)], label: String,
    event: AppEvent? = nil
  ) -> String {
    var html =
      "<select id=\"" + field + "\"" + HTML.input(event ?? .draft(field: field, value: ""))
      + " aria-label=\""
      + HTML.escape(label) + "\">"
    for (key, text) in options { html += HTML.option(key, text, selected: key == value) }
    return html + "</select>"
  }

  static func numberField(_ field: String, _ value: String, _ label: String) -> String {
    textField(field, value, label, inputMode: "numeric")
  }

  static func textField(
    _ field: String, _ value: String, _ label: String, inputMode: String = "text",
    placeholder: String = ""
  ) -> String {
    "<label for=\"" + field + "\">" + HTML.escape(label) + "</label><input id=\"" + field
      + "\"" + HTML.input(.draft(field: field, value: "")) + " inputmode=\"" + inputMode
      + "\" placeholder=\"" + HTML.escape(placeholder)
      + "\" value=\""
      + HTML.escape(value) + "\">"
  }
}
