import HabitCore

/// Every habit whatever its schedule, start or archive state: open, reorder (drag by the handle,
/// or Move up and Move down) and archive any of them.
enum AllHabitsView {
  static func render(_ state: AppState) -> String {
    var html =
      "<section id=\"all-habits\" class=\"all-habits\" aria-label=\"" + Strings.allHabits
      + "\"><p class=\"help\">" + Strings.reorderHelp + "</p>"
    var active: [Habit] = []
    var archived: [Habit] = []
    for habit in state.tracker.sortedHabits {
      if habit.isArchived { archived.append(habit) } else { active.append(habit) }
    }
    html += list(active, state: state)
    if !archived.isEmpty {
      html += "<h2>" + Strings.archivedHabits + "</h2>" + list(archived, state: state)
    }
    return html + "</section>"
  }

  /// One list of peers: a position in it is what `move` takes.
  static func list(_ habits: [Habit], state: AppState) -> String {
    var html = "<ol class=\"rows\">"
    for (index, habit) in habits.enumerated() {
      html += row(habit, index: index, last: index == habits.count - 1, state: state)
    }
    return html + "</ol>"
  }

  static func row(_ habit: Habit, index: Int, last: Bool, state: AppState) -> String {
    let id = HTML.escape(habit.id.rawValue)
    let title = HTML.escape(habit.title)
    var sub =
      habit.kind == .irregularEvent ? Strings.kindEvent : Strings.scheduleSummary(habit.schedule)
    if habit.startDay > state.today {
      sub += " · " + Strings.starts(habit.startDay)
    } else if habit.nextDue(onOrAfter: state.today) == nil {
      sub += " · " + Strings.finished
    }
    var html =
      "<li class=\"row\" id=\"row-" + id + "\" data-id=\"" + id + "\" data-color=\""
      + habit.color.hex + "\"><span class=\"grip\" aria-hidden=\"true\" title=\""
      + Strings.dragToReorder + "\">⠿</span><button type=\"button\" class=\"row-open\""
    HTML.appendAction(.openDetail(habit.id), to: &html)
    html +=
      "><span class=\"emoji\" aria-hidden=\"true\">"
      + HTML.escape(habit.emoji.isEmpty ? "•" : habit.emoji)
      + "</span><span class=\"text\"><span class=\"title\">" + title
      + (habit.isPinned ? " <span class=\"pin\">· " + Strings.pinned + "</span>" : "")
      + "</span><span class=\"sub\">" + HTML.escape(sub) + "</span></span></button>"
    html += "<span class=\"row-actions\">"
    html += move("↑", Strings.moveUp, habit, to: index - 1, off: index == 0, id: "up-" + id)
    html += move("↓", Strings.moveDown, habit, to: index + 1, off: last, id: "down-" + id)
    html += HTML.button(
      habit.isArchived ? Strings.unarchive : Strings.archive, .archive(habit.id),
      classes: "small ghost",
      aria: (habit.isArchived ? Strings.unarchive : Strings.archive)
        + ": " + habit.title, id: "archive-" + id)
    return html + "</span></li>"
  }

  /// Move up or down. At the end of the list it stays focusable and says it cannot go further
  /// (`aria-disabled`): a disabled button would drop the keyboard's focus.
  static func move(
    _ arrow: String, _ label: String, _ habit: Habit, to position: Int, off: Bool, id: String
  ) -> String {
    var html = "<button type=\"button\" class=\"icon\" id=\"" + id + "\""
    HTML.appendAction(.move(habit.id, to: position), to: &html)
    return html + " aria-label=\"" + label + ": " + HTML.escape(habit.title) + "\""
      + (off ? " aria-disabled=\"true\"" : "") + ">" + arrow + "</button>"
  }
}
