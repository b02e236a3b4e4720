public import HabitCore

/// Reads harsh's two files, `habits` and `log`, into HabitFlow's terms: headings become
/// categories, frequencies the closest schedules, and each log line a day done (with its
/// amount), not done, or skipped, with its comment as the note.
public enum HarshFiles {
  /// The unit a habit gets when its log records amounts (harsh names none).
  static let unit = "units"

  /// The document both files describe; `today` starts a habit that has no log line yet.
  public static func read(habits: ImportFile, log: ImportFile, today: Day) throws(ImportError)
    -> ImportDocument
  {
    let definitions = try HarshHabitLine.read(habits)
    var position: [String: Int] = [:]
    for (index, definition) in definitions.enumerated() {
      position[Text.folded(definition.name)] = index
    }
    var logs = [[HarshLogLine]](repeating: [], count: definitions.count)
    for line in try HarshLogLine.read(log) {
      guard let index = position[Text.folded(line.habit)] else {
        throw ImportError(
          file: log.path, line: line.line,
          message: "\"" + line.habit + "\" is not a habit of the habits file (" + habits.path
            + "); add it there or correct the name.")
      }
      logs[index].append(line)
    }
    var document = ImportDocument(format: .harsh)
    var categories = CategoryNames(.harsh)
    for (index, definition) in definitions.enumerated() {
      var habit = Habit(
        id: ImportID.habit(.harsh, definition.name), title: definition.name,
        category: ImportDefaults.category, startDay: today, order: index)
      if let heading = definition.heading {
        habit.category = categories.id(heading, in: &document)
      }
      habit.schedule = schedule(definition, approximations: &document.approximations)
      let lines = logs[index]
      if let first = lines.map({ $0.day }).min() { habit.startDay = min(first, today) }
      if let end = definition.end {
        let length = habit.startDay.distance(to: end) + 1
        if (1...HabitError.maximumGoalLength).contains(length) {
          habit.goal = .days(length)
        }
        habit.isArchived = end < today
      }
      let measured = lines.filter { $0.amount > .zero }
      if !measured.isEmpty {
        let met = measured.filter { $0.result == .yes }
        let target = (met.isEmpty ? measured : met).map { $0.amount }.min() ?? .one
        habit.measure = .quantity(target: target, unit: unit)
        document.approximations.append(
          Approximation(
            habitTitle: habit.title,
            message: "harsh logs amounts without a unit or a daily target; it counts " + unit
              + ", met at " + target.text + "."))
      }
      document.habits.append(
        ImportedHabit(
          habit: habit, entries: entries(lines, of: habit, approximations: &document.approximations)
        ))
    }
    return document
  }

  /// harsh's `0` tracks a habit with no target; other frequencies are times in days.
  private static func schedule(
    _ definition: HarshHabitLine, approximations: inout [Approximation]
  ) -> Schedule {
    guard definition.target > 0 else {
      approximations.append(
        Approximation(
          habitTitle: definition.name,
          message: "harsh tracks it without a target; it is kept as once a month."))
      return .timesPerMonth(1)
    }
    let times = definition.target == 1 ? "once" : String(definition.target) + " times"
    return FrequencyMatch.schedule(
      times: definition.target, days: definition.interval,
      source: "harsh's " + times + " in " + String(definition.interval) + " days",
      title: definition.name, approximations: &approximations)
  }

  /// One entry a day; a later line for the same day replaces an earlier one, as in harsh.
  private static func entries(
    _ lines: [HarshLogLine], of habit: Habit, approximations: inout [Approximation]
  ) -> [Entry] {
    var entries: [Entry] = []
    var indexOfDay: [Day: Int] = [:]
    for line in lines {
      var entry = Entry(
        day: line.day,
        note: ImportDefaults.note(
          line.comment, day: line.day, title: habit.title, approximations: &approximations))
      switch line.result {
      case .yes:
        if case .quantity(let target, _) = habit.measure {
          entry.value = line.amount > .zero ? line.amount : target
        } else {
          entry.value = .one
        }
      case .no:
        entry.mark = .no
      case .skip:
        entry.isSkipped = true
      }
      if line.result != .yes && line.amount > .zero {
        approximations.append(
          Approximation(
            habitTitle: habit.title,
            message: "The amount " + line.amount.text + " of " + line.day.iso
              + " is not kept: the day is marked " + line.result.rawValue + "."))
      }
      if let index = indexOfDay[line.day] {
        entries[index] = entry
      } else {
        indexOfDay[line.day] = entries.count
        entries.append(entry)
      }
    }
    return entries
  }
}
