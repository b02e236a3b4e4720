import HabitCore
public import HabitSync

/// The import preview and summary as the API answers them (documented in openapi.json), and as
/// the web app's own importer hands them to the app, so the panel reads one shape.
public enum ImportJSON {
  public static func preview(_ preview: ImportPreview) -> JSON {
    .object([
      ("mode", .string(preview.mode.rawValue)),
      ("summary", .string(preview.summary)),
      ("habits", .integer(preview.habits)),
      ("newHabits", .integer(preview.newHabits)),
      ("existingHabits", .integer(preview.existingHabits)),
      ("deletedHabits", .integer(preview.deletedHabits)),
      ("checkIns", .integer(preview.checkIns)),
      ("skips", .integer(preview.skips)),
      ("notes", .integer(preview.notes)),
      ("noes", .integer(preview.noes)),
      ("automaticYeses", .integer(preview.automaticYeses)),
      ("daysReplaced", .integer(preview.daysReplaced)),
      ("firstDay", preview.firstDay.map { .string($0.iso) } ?? .null),
      ("lastDay", preview.lastDay.map { .string($0.iso) } ?? .null),
      (
        "approximations",
        .array(
          preview.approximations.map {
            .object([("habit", .string($0.habitTitle)), ("message", .string($0.message))])
          })
      ),
    ])
  }

  public static func summary(_ summary: ImportSummary) -> JSON {
    .object([
      ("habitsAdded", .integer(summary.habitsAdded)),
      ("habitsUpdated", .integer(summary.habitsUpdated)),
      ("habitsDeleted", .integer(summary.habitsDeleted)),
      ("categoriesAdded", .integer(summary.categoriesAdded)),
      ("categoriesDeleted", .integer(summary.categoriesDeleted)),
      ("placesSaved", .integer(summary.placesSaved)),
      ("placesDeleted", .integer(summary.placesDeleted)),
      ("daysWritten", .integer(summary.daysWritten)),
      ("daysCleared", .integer(summary.daysCleared)),
      ("changes", .integer(summary.changes)),
    ])
  }
}
