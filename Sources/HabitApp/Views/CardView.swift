import HabitCore

/// One habit on the day list: open it, and mark, count, log or skip the selected day. Its root is
/// one `<li id="card-<id>">`: the shell patches a card by that id. A card is reused while its
/// `CardInputs` are unchanged, so whatever it reads from the state must be one of them.
enum CardView {
  static func render(_ item: AgendaItem, state: AppState, day: Day) -> String {
    let habit = item.habit
    let title = HTML.escape(habit.title)
    let skipped = item.isSkipped
    var subtitle: String
    if habit.kind == .irregularEvent {
      let tracked = (try? state.tracker.trackedDays(for: habit.id, today: state.today)) ?? 0
      subtitle = Strings.plural(tracked, "day") + " tracked"
    } else {
      let streak = try? state.tracker.currentStreak(for: habit.id, today: state.today)
      subtitle = "🔥 " + Strings.streak(streak ?? .none(.days))
    }
    if habit.direction == .quit { subtitle += " without" }
    if skipped { subtitle += " · " + Strings.skippedDay }
    var html =
      "<li id=\"card-" + HTML.escape(habit.id.rawValue) + "\" class=\"card"
      + (item.isDone ? " done" : "") + (skipped ? " skipped" : "") + "\" data-color=\""
      + habit.color.hex + "\">"
    html += "<button type=\"button\" class=\"card-open\""
    HTML.appendAction(.openDetail(habit.id), to: &html)
    html +=
      "><span class=\"emoji\" aria-hidden=\"true\">"
      + HTML.escape(habit.emoji.isEmpty ? "•" : habit.emoji)
      + "</span><span class=\"text\"><span class=\"title\">" + title + "</span><span class=\"sub\">"
      + HTML.escape(subtitle) + "</span></span></button><div class=\"controls\">"
    html += controls(habit, entry: item.entry, state: state, disabled: day > state.today)
    html += HTML.button(
      skipped ? "↺" : "⏭\u{FE0E}", .skip(habit.id), classes: "skip",
      aria: (skipped ? Strings.undoSkip : Strings.skipDay) + ": " + habit.title,
      disabled: day > state.today, pressed: skipped)
    return html + "</div></li>"
  }

  /// The buttons that mark the day: done and back, a count up and down, an amount to add.
  /// Shared by the card and the detail's day editor.
  static func controls(_ habit: Habit, entry: Entry?, state: AppState, disabled: Bool)
    -> String
  {
    let value = entry?.isSkipped == false ? entry?.value ?? .zero : .zero
    var html = ""
    switch habit.measure {
    case .done:
      let quitting = habit.direction == .quit
      let marked = quitting ? value > .zero : habit.isDone(entry)
      let label =
        quitting
        ? (marked ? Strings.undoSlip : Strings.slipped) + ": " + habit.title
        : (marked ? Strings.markNotDone : Strings.markDone) + ": " + habit.title
      html += HTML.button(
        marked ? (quitting ? "✗" : "✓") : "", .tap(habit.id), classes: "check", aria: label,
        disabled: disabled, pressed: marked)
    case .count(_, let target):
      html +=
        "<span class=\"total\"><small>" + Strings.totalCount + "</small> " + value.text + "/"
        + String(target) + "</span>"
      html += HTML.button(
        "−1", .countDown(habit.id), classes: "check count",
        aria: Strings.takeOne + ": " + habit.title, disabled: disabled || value == .zero)
      html += HTML.button(
        "+1", .tap(habit.id), classes: "check count", aria: Strings.addOne + ": " + habit.title,
        disabled: disabled)
    case .quantity(let target, let unit):
      let typed = state.habits.amounts[habit.id] ?? ""
      html +=
        "<span class=\"total\">" + value.text + "/" + target.text + " " + HTML.escape(unit)
        + "</span><input class=\"amount\" inputmode=\"decimal\" id=\"amount-"
        + HTML.escape(habit.id.rawValue) + "\"" + HTML.input(.amount(habit.id, ""))
        + " aria-label=\"" + Strings.amount + " (" + HTML.escape(unit) + "): "
        + HTML.escape(habit.title) + "\" value=\"" + HTML.escape(typed) + "\""
        + (disabled ? " disabled" : "") + ">"
      html += HTML.button(Strings.log, .logAmount(habit.id), classes: "log", disabled: disabled)
    }
    return html
  }
}
