public import HabitCore

/// Turns one Loop habit and its days into HabitFlow's habit and entries, noting what only maps
/// approximately.
enum LoopHabitMapping {
  /// The unit a numeric habit gets when the older export names none.
  static let defaultUnit = "units"

  static func habit(
    _ row: LoopHabitRow, order: Int, days sorted: [(day: Day, record: LoopHistory.Record)],
    firstDate: Day?, loop: LoopScores.Column? = nil, approximations: inout [Approximation]
  ) -> ImportedHabit {
    let isNumeric =
      row.isNumeric
      ?? sorted.contains { !(LoopValue.unknown...LoopValue.skip).contains($0.record.code) }
    let title = Self.title(row.name, approximations: &approximations)
    let limit = HabitError.maximumAmount * 1000
    var entries: [Entry] = []
    var leftOut: [Day] = []
    for (day, record) in sorted {
      var entry = Entry(
        day: day,
        note: ImportDefaults.note(
          record.note, day: day, title: title, approximations: &approximations))
      if isNumeric {
        switch record.code {
        case 1...limit: entry.value = Amount(thousandths: Int64(record.code))
        // A logged 0 is kept as the day marked not done.
        case LoopValue.no: entry.mark = .no
        case LoopValue.unknown: break
        default: leftOut.append(day)
        }
      } else {
        switch record.code {
        case LoopValue.yes: entry.value = .one
        case LoopValue.auto: entry.mark = .auto
        case LoopValue.no: entry.mark = .no
        case LoopValue.skip: entry.isSkipped = true
        default: break
        }
      }
      if !entry.isEmpty { entries.append(entry) }
    }
    if let first = leftOut.first {
      approximations.append(
        Approximation(
          habitTitle: title,
          message: "Loop logs " + ImportPreview.counted(leftOut.count, "amount", "amounts")
            + " below 0 or above " + ImportPreview.grouped(HabitError.maximumAmount)
            + ", which HabitFlow cannot hold, the first on " + DayFormat.long(first) + "; "
            + (leftOut.count == 1 ? "it is" : "they are") + " left out."))
    }
    let known = sorted.first { $0.record.code != LoopValue.unknown || !$0.record.note.isEmpty }
    var habit = Habit(
      id: ImportID.habit(.loopCSV, String(row.position) + ":" + row.name), title: title,
      category: ImportDefaults.category,
      startDay: known?.day ?? firstDate ?? DayRange.earliest,
      color: HabitColor(hex: row.color) ?? HabitColor.palette[0], isArchived: row.isArchived,
      order: order)
    habit.description = description(row, title: title, approximations: &approximations)
    habit.schedule = schedule(row, title: title, approximations: &approximations)
    var imported = ImportedHabit(habit: habit, entries: entries)
    var reason = "HabitFlow scores this history differently"
    if habit.schedule.frequency != (row.numerator, row.denominator) {
      reason =
        "Loop's frequency of " + String(row.numerator) + " in " + String(row.denominator)
        + " days has no exact schedule here"
    }
    if isNumeric {
      let unit = unit(row, title: title, approximations: &approximations)
      imported.habit.direction = row.isAtMost ? .quit : .build
      imported.habit.measure = .quantity(target: .one, unit: unit)
      if let target = row.target, target > 0, target <= Int64(limit) {
        imported.habit.measure = .quantity(target: Amount(thousandths: target), unit: unit)
      } else if row.target == nil, let loop,
        let rule = LoopRuleSearch.rule(imported, unit: unit, loop: loop)
      {
        imported.habit.direction = rule.direction
        imported.habit.measure = .quantity(target: rule.target, unit: unit)
        approximations.append(
          Approximation(
            habitTitle: title,
            message: "Loop's export gives no target for this numeric habit; "
              + (rule.direction == .quit ? "at most " : "at least ") + rule.target.text + " "
              + unit + " reproduces Loop's scores, so it is "
              + (rule.direction == .quit ? "a habit to quit" : "a habit to build")
              + " with that target."))
      } else {
        approximations.append(
          Approximation(
            habitTitle: title,
            message: "Loop's export gives no usable target for this numeric habit; the target is 1 "
              + unit + "."))
        reason = "the export gives no target and none tried reproduces Loop's scores"
      }
    }
    if let loop, let last = loop.last, let theirs = loop.scores[last] {
      var scoring = LoopScores.Scoring(imported, through: last)
      let mine =
        LoopScores.Column.score(
          scoring.daily(as: imported.habit), from: imported.habit.startDay, on: last) ?? 0
      if abs(mine * 10_000 - Double(theirs)) > 1 {
        approximations.append(
          Approximation(
            habitTitle: title,
            message: "Loop's strength on " + DayFormat.long(last) + " is "
              + percent(Double(theirs) / 10_000) + "; HabitFlow will show " + percent(mine)
              + ", because " + reason + "."))
      }
    }
    return imported
  }

  /// A score as a percent to one decimal: 0.9876 → "98.8%".
  private static func percent(_ score: Double) -> String {
    let tenths = Int((score * 1000).rounded())
    return String(tenths / 10) + "." + String(tenths % 10) + "%"
  }

  /// Loop's frequency as a schedule: once in N days is every N days (Loop scores both alike),
  /// and the rest as every importer maps "t times in n days".
  private static func schedule(
    _ row: LoopHabitRow, title: String, approximations: inout [Approximation]
  ) -> Schedule {
    if row.numerator == 1, (2...HabitError.maximumInterval).contains(row.denominator) {
      return .everyNDays(row.denominator)
    }
    return FrequencyMatch.schedule(
      times: row.numerator, days: row.denominator,
      source: "Loop's frequency of " + String(row.numerator) + " in " + String(row.denominator)
        + " days",
      title: title, approximations: &approximations)
  }

  /// Loop's name, cut to HabitFlow's limit when it is longer.
  private static func title(_ name: String, approximations: inout [Approximation]) -> String {
    let name = Text.trimmed(name)
    guard name.count > HabitError.maximumTitleLength else { return name }
    let cut = Text.trimmed(String(name.prefix(HabitError.maximumTitleLength)))
    approximations.append(
      Approximation(
        habitTitle: cut,
        message: "Loop's name \"" + name + "\" is longer than "
          + String(HabitError.maximumTitleLength) + " characters; its end is cut."))
    return cut
  }

  /// Loop's question, then its description: HabitFlow has one description for both.
  private static func description(
    _ row: LoopHabitRow, title: String, approximations: inout [Approximation]
  ) -> String {
    let question = Text.trimmed(row.question)
    let description = Text.trimmed(row.description)
    var text = question
    if !question.isEmpty && !description.isEmpty {
      text += "\n\n" + description
      approximations.append(
        Approximation(
          habitTitle: title,
          message: "Loop's question and description are both kept in the description."))
    } else if question.isEmpty {
      text = description
    }
    return cut(
      text, to: HabitError.maximumDescriptionLength, "The description", title: title,
      approximations: &approximations)
  }

  /// `text` within `limit` characters: a longer one loses its end, which the preview says.
  private static func cut(
    _ text: String, to limit: Int, _ what: String, title: String,
    approximations: inout [Approximation]
  ) -> String {
    guard text.count > limit else { return text }
    approximations.append(
      Approximation(
        habitTitle: title,
        message: what + " is longer than " + String(limit) + " characters; its end is cut."))
    return String(text.prefix(limit))
  }

  /// A numeric habit's unit: Loop's, or a stand-in the preview names when the export leaves it
  /// out.
  private static func unit(
    _ row: LoopHabitRow, title: String, approximations: inout [Approximation]
  ) -> String {
    let unit = Text.trimmed(row.unit)
    if unit.isEmpty {
      approximations.append(
        Approximation(
          habitTitle: title,
          message: "Loop's export names no unit for this numeric habit; it is counted in "
            + defaultUnit + "."))
      return defaultUnit
    }
    return cut(
      unit, to: HabitError.maximumUnitLength, "The unit", title: title,
      approximations: &approximations)
  }
}
