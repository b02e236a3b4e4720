/// The words of the account screen's "Your data" panel: import and export.
extension Strings {
  static var yourData: String { "Your data" }
  static var dataElsewhere: String {
    "Importing and downloading open once this device has been online with Account open."
  }
  static var importHelp: String {
    "Import from Loop Habit Tracker (its CSV zip, or its .db backup when you are signed in and"
      + " online), Beaver Habits, Table Habit, harsh, or a HabitFlow backup. You see what it"
      + " brings before anything changes; it is read on this device, offline too."
  }
  static var addToWhatIHave: String { "Add to what I have" }
  static var replaceEverything: String { "Replace everything" }
  static var chooseFile: String { "File to import" }
  static var importing: String { "Importing" }
  static var importModeLabel: String { "What the import does" }
  static var importProgress: String { "Import progress" }
  static var exportTitle: String { "Export" }
  static var approximate: String { "What maps only approximately" }
  static var downloadBackup: String { "Download a backup (JSON)" }
  static var downloadCSV: String { "Download for spreadsheets (CSV)" }
  static var exportHelp: String {
    "Made on this device from everything it holds, offline too."
  }

  static func previewOf(_ name: String) -> String { "What " + name + " brings" }

  /// "Reading export.zip…" while the file goes to the server.
  static func reading(_ name: String) -> String { "Reading " + name + "…" }

  static func importHabits(_ count: Int) -> String { "Import " + plural(count, "habit") }

  static func replaceDeleting(_ deleted: Int) -> String {
    deleted == 0
      ? "Replace everything" : "Replace everything and delete " + plural(deleted, "habit")
  }

  /// The preview in plain words, from the figures in `DataImport.countNames` order.
  static func previewLines(
    _ counts: [Int], replace: Bool, replacedDays: Int, from: String, through: String
  ) -> [String] {
    guard counts.count == DataImport.countNames.count else { return [] }
    var lines = [
      plural(counts[0], "habit") + " in the file: " + String(counts[1]) + " new, "
        + String(counts[2]) + " already here (updated)",
      plural(counts[4], "check-in") + ", " + plural(counts[5], "skip") + ", "
        + plural(counts[6], "note"),
      plural(counts[7], "day") + " marked not done (explicit no's), " + String(counts[8])
        + (counts[8] == 1 ? " automatic yes" : " automatic yeses"),
    ]
    if replace {
      lines.append(
        counts[3] == 0
          ? "No habit here is deleted"
          : plural(counts[3], "habit") + " here that the file does not hold will be deleted")
      if replacedDays > 0 {
        lines.append(
          plural(replacedDays, "day") + " here that the file holds differently or not at all"
            + " will be overwritten or erased")
      }
    }
    lines.append(from.isEmpty ? "The file records no days" : "From " + from + " to " + through)
    return lines
  }

  /// What an import changed, from `habitsAdded, habitsUpdated, habitsDeleted, daysWritten,
  /// changes, daysCleared`.
  static func importResult(_ figures: [Int]) -> String {
    if figures[4] == 0 { return "Imported: you already had everything this file holds." }
    return "Imported: " + plural(figures[0], "habit") + " added, " + String(figures[1])
      + " updated, " + String(figures[2]) + " deleted, " + plural(figures[3], "day")
      + " written" + (figures[5] > 0 ? ", " + plural(figures[5], "day") + " emptied." : ".")
  }
}
