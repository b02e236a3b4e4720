public import HabitCore

/// What an imported habit gets where the source says nothing.
enum ImportDefaults {
  /// The category of a habit the source files under none: the default "Self".
  static let category = CategoryID("self")

  /// A note as HabitFlow holds it: trimmed, and cut at the note limit, which the preview says.
  static func note(
    _ text: String, day: Day, title: String, approximations: inout [Approximation]
  ) -> String {
    let note = Text.trimmed(text)
    guard note.count > Entry.maximumNoteLength else { return note }
    approximations.append(
      Approximation(
        habitTitle: title,
        message: "The note of " + day.iso + " is longer than " + String(Entry.maximumNoteLength)
          + " characters; its end is cut."))
    return String(note.prefix(Entry.maximumNoteLength))
  }
}
