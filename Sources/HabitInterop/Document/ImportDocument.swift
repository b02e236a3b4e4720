public import HabitCore

/// A file's content in HabitFlow's terms, before anything is written: every importer produces
/// one, the preview reads it, and applying it performs HabitCore actions through the replica, so
/// an import validates and syncs like any other edit.
public struct ImportDocument: Hashable, Sendable {
  /// Where the content came from; it also namespaces the ids derived from the source's ids.
  public var format: ImportFormat
  /// Categories the habits refer to; one with the same name as an existing category is that one.
  public var categories: [Category]
  /// Habits in the source's order, each with every day the source recorded.
  public var habits: [ImportedHabit]
  public var places: [Place]
  /// What maps only approximately, said in the preview before anything is written.
  public var approximations: [Approximation]

  public init(
    format: ImportFormat, categories: [Category] = [], habits: [ImportedHabit] = [],
    places: [Place] = [], approximations: [Approximation] = []
  ) {
    self.format = format
    self.categories = categories
    self.habits = habits
    self.places = places
    self.approximations = approximations
  }
}

/// One habit and its days as the source recorded them.
public struct ImportedHabit: Hashable, Sendable {
  public var habit: Habit
  public var entries: [Entry]

  public init(habit: Habit, entries: [Entry] = []) {
    self.habit = habit
    self.entries = entries
  }
}

/// Something the source says that HabitFlow holds in a nearby form (a frequency no schedule
/// matches exactly, an "at most" target), named for the habit it concerns.
public struct Approximation: Hashable, Sendable {
  public var habitTitle: String
  public var message: String

  public init(habitTitle: String, message: String) {
    self.habitTitle = habitTitle
    self.message = message
  }
}

/// The files HabitFlow reads.
public enum ImportFormat: String, CaseIterable, Hashable, Sendable {
  case loopCSV = "loop-csv"
  case loopDatabase = "loop-db"
  case beaver
  case tableHabit = "table-habit"
  case harsh
  case backup
}

/// Why a file cannot be imported, and where: nothing is imported when one is thrown.
public struct ImportError: Error, Hashable, Sendable {
  /// The file inside the upload (a zip's member, or the upload's name).
  public var file: String
  /// 1-based; nil when the problem is the file as a whole.
  public var line: Int?
  public var message: String

  public init(file: String, line: Int? = nil, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  /// "Habits.csv, line 4: …", as every face shows it.
  public var description: String {
    guard let line else { return file + ": " + message }
    return file + ", line " + String(line) + ": " + message
  }
}
