public import HabitCore

/// A Loop `.db` backup's habits and repetitions in HabitFlow's terms. Reading SQLite needs a
/// database engine (the server and the CLI have one); turning the rows into a document does not,
/// so it lives here with the other importers.
public struct LoopDatabaseRecords: Hashable, Sendable {
  public var habits: [LoopHabitRecord]
  public var repetitions: [LoopRepetitionRecord]
  /// The upload's name, which errors name.
  public var file: String

  public init(habits: [LoopHabitRecord], repetitions: [LoopRepetitionRecord], file: String) {
    self.habits = habits
    self.repetitions = repetitions
    self.file = file
  }

  private static let dayLength: Int64 = 86_400_000

  /// The document: habits in Loop's order, ids from Loop's uuid (or row id), every repetition
  /// as the day's entry; `today` starts a habit that has none.
  public func document(today: Day) throws(ImportError) -> ImportDocument {
    var document = ImportDocument(format: .loopDatabase)
    var byHabit: [Int64: [LoopRepetitionRecord]] = [:]
    for repetition in repetitions { byHabit[repetition.habit, default: []].append(repetition) }
    let ordered = habits.enumerated().sorted {
      ($0.element.position, $0.offset) < ($1.element.position, $1.offset)
    }
    for (_, record) in ordered {
      var habit = try habit(record, approximations: &document.approximations, today: today)
      habit.order = document.habits.count
      var entries: [Entry] = []
      for repetition in byHabit[record.id] ?? [] {
        guard
          let entry = try entry(
            repetition, numeric: record.isNumeric, title: habit.title,
            approximations: &document.approximations)
        else { continue }
        entries.append(entry)
      }
      entries.sort { $0.day < $1.day }
      if let first = entries.first?.day { habit.startDay = min(first, today) }
      document.habits.append(ImportedHabit(habit: habit, entries: entries))
    }
    return document
  }

  private func habit(
    _ record: LoopHabitRecord, approximations: inout [Approximation], today: Day
  ) throws(ImportError) -> Habit {
    let title = Text.trimmed(record.name)
    guard !title.isEmpty else {
      throw ImportError(
        file: file, message: "The habit with id " + String(record.id) + " has no name.")
    }
    let key = record.uuid.isEmpty ? "id:" + String(record.id) : record.uuid
    var habit = Habit(
      id: ImportID.habit(.loopDatabase, key), title: title,
      description: [record.question, record.description].map { Text.trimmed($0) }
        .filter { !$0.isEmpty }.joined(separator: "\n"),
      category: ImportDefaults.category, startDay: today)
    habit.schedule = FrequencyMatch.schedule(
      times: record.frequencyNumerator, days: record.frequencyDenominator,
      source: String(record.frequencyNumerator) + " times in "
        + String(record.frequencyDenominator) + " days",
      title: title, approximations: &approximations)
    habit.color = record.habitColor
    habit.isArchived = record.isArchived
    habit.reminders = record.reminders
    if record.isNumeric {
      habit.measure = .quantity(target: record.target, unit: Text.trimmed(record.unit))
      if record.isAtMost {
        habit.direction = .quit
        approximations.append(
          Approximation(
            habitTitle: title,
            message: "At most " + record.target.text
              + " is kept as a habit to quit with that limit."))
      }
    }
    return habit
  }

  private func entry(
    _ repetition: LoopRepetitionRecord, numeric: Bool, title: String,
    approximations: inout [Approximation]
  ) throws(ImportError) -> Entry? {
    guard repetition.timestamp >= 0 else {
      throw ImportError(
        file: file,
        message: "A repetition of " + title + " has the timestamp " + String(repetition.timestamp)
          + ", before 1970.")
    }
    let day = Day(daysSince1970: Int(repetition.timestamp / Self.dayLength))
    var entry = Entry(
      day: day,
      note: ImportDefaults.note(
        repetition.notes, day: day, title: title, approximations: &approximations))
    switch repetition.value {
    case -1: break
    case 3: entry.isSkipped = true
    case _ where numeric: entry.value = Amount(thousandths: repetition.value)
    case 2: entry.value = .one
    case 1: entry.mark = .auto
    case 0: entry.mark = .no
    default:
      throw ImportError(
        file: file,
        message: "A repetition of " + title + " on " + day.iso + " has the value "
          + String(repetition.value) + ", which Loop does not write.")
    }
    return entry.isEmpty ? nil : entry
  }
}
