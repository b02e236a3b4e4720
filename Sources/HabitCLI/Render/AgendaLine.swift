import HabitCore

/// One line of a day's list: number, mark, title, the day's amount and the streak.
struct AgendaLine {
  let number: Int
  let item: AgendaItem
  let streak: Streak?
  let style: Style

  func text(titleWidth: Int) -> String {
    let mark: String
    if item.isSkipped {
      mark = style.skipped
    } else if item.isSlipped && item.habit.direction == .quit && item.value > .zero {
      mark = style.slipped
    } else {
      mark = item.isDone ? style.done : style.open
    }
    var line = String(number).leftPadded(3) + "  " + mark + " "
    line += HabitText.padded(HabitText.title(item.habit), titleWidth)
    let progress = HabitText.progress(item)
    if !progress.isEmpty { line += "  " + progress }
    if item.isSkipped { line += "  " + style.dim("skipped") }
    if let streak, streak.length > 0 {
      line += "  " + style.dim(style.streak + " " + HabitText.streak(streak))
    }
    if item.habit.isPinned { line += "  " + style.dim("(pinned)") }
    return line
  }
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
