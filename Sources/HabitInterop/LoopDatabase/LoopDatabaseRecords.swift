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
  /// as the day's entry, mapped by the same rules as Loop's CSV export.
  public func document() throws(ImportError) -> ImportDocument {
    guard habits.count <= ImportLimits.habits else {
      throw ImportLimits.tooMany(file, "habits", limit: ImportLimits.habits)
    }
    guard repetitions.count <= ImportLimits.entries else {
      throw ImportLimits.tooMany(file, "repetitions", limit: ImportLimits.entries)
    }
    var days: [Int64: [Day: LoopHistory.Record]] = [:]
    var firstDate: Day?
    for repetition in repetitions {
      guard let day = ImportDays.day(daysSince1970: repetition.timestamp / Self.dayLength),
        repetition.timestamp >= 0
      else {
        throw ImportError(
          file: file,
          message: "A repetition has the timestamp " + String(repetition.timestamp)
            + ", which is not a day between 1970 and 9999.")
      }
      days[repetition.habit, default: [:]][day] = LoopHistory.Record(
        code: Int(clamping: repetition.value), note: repetition.notes)
      firstDate = min(firstDate ?? day, day)
    }
    let ordered = habits.enumerated().sorted {
      ($0.element.position, $0.offset) < ($1.element.position, $1.offset)
    }
    var document = ImportDocument(format: .loopDatabase)
    for (order, (_, record)) in ordered.enumerated() {
      let row = LoopHabitRow(
        position: record.position, name: record.name, isNumeric: record.isNumeric,
        question: record.question, description: record.description,
        numerator: record.frequencyNumerator, denominator: record.frequencyDenominator,
        color: record.habitColor.hex, unit: record.unit, isAtMost: record.isAtMost,
        target: record.isNumeric ? record.target.thousandths : nil,
        isArchived: record.isArchived)
      var imported = LoopHabitMapping.habit(
        row, order: order,
        days: (days[record.id] ?? [:]).map { (day: $0.key, record: $0.value) }.sorted {
          $0.day < $1.day
        }, firstDate: firstDate,
        approximations: &document.approximations)
      let key = record.uuid.isEmpty ? "id:" + String(record.id) : record.uuid
      imported.habit = Self.habit(imported.habit, id: ImportID.habit(.loopDatabase, key))
      imported.habit.reminders = record.reminders
      document.habits.append(imported)
    }
    return document
  }

  /// The habit under the id the database's keys give it (the CSV rules key it by position).
  private static func habit(_ habit: Habit, id: HabitID) -> Habit {
    Habit(
      id: id, kind: habit.kind, title: habit.title, description: habit.description,
      category: habit.category, schedule: habit.schedule, measure: habit.measure,
      direction: habit.direction, startDay: habit.startDay, goal: habit.goal, emoji: habit.emoji,
      color: habit.color, timeOfDay: habit.timeOfDay, isPinned: habit.isPinned,
      isArchived: habit.isArchived, order: habit.order, reminders: habit.reminders)
  }
}
