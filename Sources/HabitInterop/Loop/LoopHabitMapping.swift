public import HabitCore

/// Turns one Loop habit and its days into HabitFlow's habit and entries, noting what only maps
/// approximately.
enum LoopHabitMapping {
  /// The unit a numeric habit gets when the older export names none.
  static let defaultUnit = "units"

  static func habit(
    _ row: LoopHabitRow, order: Int, days sorted: [(day: Day, record: LoopHistory.Record)],
    firstDate: Day?, approximations: inout [Approximation]
  ) -> ImportedHabit {
    let isNumeric =
      row.isNumeric
      ?? sorted.contains { !(LoopValue.unknown...LoopValue.skip).contains($0.record.code) }
    let title = Self.title(row.name, approximations: &approximations)
    var entries: [Entry] = []
    for (day, record) in sorted {
      var entry = Entry(
        day: day,
        note: ImportDefaults.note(
          record.note, day: day, title: title, approximations: &approximations))
      if isNumeric {
        if record.code > 0 { entry.value = Amount(thousandths: Int64(record.code)) }
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
    let known = sorted.first { $0.record.code != LoopValue.unknown || !$0.record.note.isEmpty }
    var habit = Habit(
      id: ImportID.habit(.loopCSV, String(row.position) + ":" + row.name), title: title,
      category: ImportDefaults.category,
      startDay: known?.day ?? firstDate ?? DayRange.earliest,
      color: HabitColor(hex: row.color) ?? HabitColor.palette[0], isArchived: row.isArchived,
      order: order)
    habit.description = description(row, title: title, approximations: &approximations)
    habit.schedule = schedule(row, title: title, approximations: &approximations)
    if isNumeric {
      habit.measure = measure(row, title: title, approximations: &approximations)
      habit.direction = row.isAtMost ? .quit : .build
    }
    return ImportedHabit(habit: habit, entries: entries)
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
    guard text.count > HabitError.maximumDescriptionLength else { return text }
    approximations.append(
      Approximation(
        habitTitle: title,
        message: "The description is longer than " + String(HabitError.maximumDescriptionLength)
          + " characters; its end is cut."))
    return String(text.prefix(HabitError.maximumDescriptionLength))
  }

  /// A numeric habit's quantity: Loop's unit and target (at most: a habit to quit with that
  /// limit), or a stand-in the preview names when the export leaves them out.
  private static func measure(
    _ row: LoopHabitRow, title: String, approximations: inout [Approximation]
  ) -> Measure {
    var unit = Text.trimmed(row.unit)
    if unit.isEmpty {
      unit = defaultUnit
      approximations.append(
        Approximation(
          habitTitle: title,
          message: "Loop's export names no unit for this numeric habit; it is counted in "
            + defaultUnit + "."))
    } else if unit.count > HabitError.maximumUnitLength {
      unit = String(unit.prefix(HabitError.maximumUnitLength))
      approximations.append(
        Approximation(
          habitTitle: title,
          message: "The unit is longer than " + String(HabitError.maximumUnitLength)
            + " characters; its end is cut."))
    }
    let limit = Int64(HabitError.maximumAmount) * 1000
    guard let target = row.target, target > 0, target <= limit else {
      approximations.append(
        Approximation(
          habitTitle: title,
          message: "Loop's export gives no usable target for this numeric habit; the target is 1 "
            + unit + "."))
      return .quantity(target: .one, unit: unit)
    }
    return .quantity(target: Amount(thousandths: target), unit: unit)
  }
}
