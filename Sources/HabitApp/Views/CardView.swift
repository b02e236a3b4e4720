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
      let streak = try? state.tracker.currentStreak(
        for: habit.id, today: state.today, firstWeekday: state.firstWeekday)
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
    // A skip keeps no value, so a day holding a check-in says how to skip it instead.
    let holds = (item.entry?.countedValue ?? .zero) > .zero
    html += button(
      skipped ? "↺" : "⏭\u{FE0E}", .skip(habit.id), classes: "skip",
      aria: (skipped ? Strings.undoSkip : holds ? Strings.cannotSkip : Strings.skipDay) + ": "
        + habit.title, pressed: skipped, disabled: day > state.today, off: !skipped && holds)
    return html + "</div></li>"
  }

  /// A button that sends `event`. An `off` one stays focusable and does nothing
  /// (`aria-disabled`): a disabled button would drop the keyboard's focus. `why` is the id of
  /// the text that says why.
  @inline(never)
  static func button(
    _ label: String, _ event: AppEvent, classes: String, aria: String? = nil,
    pressed: Bool? = nil, disabled: Bool = false, off: Bool = false, why: String? = nil,
    id: String? = nil
  ) -> String {
    var html = "<button type=\"button\""
    HTML.appendAction(event, to: &html)
    html += " class=\"" + classes + "\""
    if let aria { html += " aria-label=\"" + HTML.escape(aria) + "\"" }
    if let pressed { html += " aria-pressed=\"" + (pressed ? "true" : "false") + "\"" }
    if let id { html += " id=\"" + id + "\"" }
    if disabled { html += " disabled" }
    if off {
      html += " aria-disabled=\"true\""
      if let why { html += " aria-describedby=\"" + why + "\"" }
    }
    return html + ">" + label + "</button>"
  }

  /// The buttons that mark the day: done and back, a count up and down, an amount to add.
  /// Shared by the card and the detail's day editor; `why` (the id of an explanation) makes
  /// them all focusable but inert, for a day the habit cannot hold.
  static func controls(
    _ habit: Habit, entry: Entry?, state: AppState, disabled: Bool, why: String? = nil
  ) -> String {
    let value = entry?.countedValue ?? .zero
    var html = ""
    switch habit.measure {
    case .done:
      let quitting = habit.direction == .quit
      let marked = quitting ? value > .zero : habit.isDone(entry)
      let label =
        quitting
        ? (marked ? Strings.undoSlip : Strings.slipped) + ": " + habit.title
        : (marked ? Strings.markNotDone : Strings.markDone) + ": " + habit.title
      html += button(
        marked ? (quitting ? "✗" : "✓") : "", .tap(habit.id), classes: "check", aria: label,
        pressed: marked, disabled: disabled, off: why != nil, why: why)
    case .count(let step, let target):
      // Each tap adds (or takes back) the habit's step, so the buttons name it.
      let steps = String(step)
      html +=
        "<span class=\"total\"><small>" + Strings.totalCount + "</small> " + value.text + "/"
        + String(target) + "</span>"
      html += button(
        "−" + steps, .countDown(habit.id), classes: "check count",
        aria: Strings.takeBackSteps(step) + ": " + habit.title, disabled: disabled,
        off: why != nil || value == .zero, why: why)
      html += button(
        "+" + steps, .tap(habit.id), classes: "check count",
        aria: Strings.addSteps(step) + ": " + habit.title, disabled: disabled, off: why != nil,
        why: why)
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
