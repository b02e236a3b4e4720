import HabitCore

/// One habit on the day list: open it, and mark, count or log the selected day.
enum CardView {
  static func render(_ item: AgendaItem, state: AppState, day: Day) -> String {
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
      "<li id=\"card-" + HTML.escape(habit.id.rawValue) + "\" class=\"card"
      + (item.isDone ? " done" : "") + "\" data-color=\"" + habit.color.hex
      + "\">"
    html += "<button type=\"button\" class=\"card-open\""
    HTML.appendAction(.openDetail(habit.id), to: &html)
    html +=
      "><span class=\"emoji\" aria-hidden=\"true\">"
      + HTML.escape(habit.emoji.isEmpty ? "•" : habit.emoji)
      + "</span><span class=\"text\"><span class=\"title\">" + title + "</span><span class=\"sub\">"
      + HTML.escape(subtitle) + "</span></span></button>"
    let future = day > state.today
    switch habit.measure {
    case .done:
      let quitting = habit.direction == .quit
      let marked = quitting ? item.isSlipped : item.isDone
      let label =
        quitting
        ? (marked ? Strings.undoSlip : Strings.slipped) + ": " + habit.title
        : (marked ? Strings.markNotDone : Strings.markDone) + ": " + habit.title
      html += HTML.button(
        marked ? (quitting ? "✗" : "✓") : "", .tap(habit.id), classes: "check", aria: label,
        disabled: future, pressed: marked)
    case .count(_, let target):
      html +=
        "<span class=\"total\" aria-label=\"" + Strings.totalCount + "\">" + item.value.text + "/"
        + String(target) + "</span>"
      html += HTML.button(
        "+1", .tap(habit.id), classes: "check count",
        aria: Strings.addOne + ": " + habit.title,
        disabled: future)
    case .quantity(let target, let unit):
      let typed = state.habits.amounts[habit.id] ?? ""
      html +=
        "<span class=\"total\">" + item.value.text + "/" + target.text + " " + HTML.escape(unit)
        + "</span>"
      html +=
        "<input class=\"amount\" inputmode=\"decimal\" id=\"amount-" + habit.id.rawValue
        + "\"" + HTML.input(.amount(habit.id, "")) + " aria-label=\""
        + Strings.amount + " ("
        + HTML.escape(unit) + "): " + title + "\" value=\"" + HTML.escape(typed) + "\""
        + (future ? " disabled" : "") + ">"
      html += HTML.button(
        Strings.log, .logAmount(habit.id), classes: "log",
        disabled: future)
    }
    return html + "</li>"
  }
}
