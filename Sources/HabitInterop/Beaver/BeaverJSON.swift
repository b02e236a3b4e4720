public import HabitCore

/// Reads Beaver Habit Tracker's JSON export (`{"habits":[{"id","name","tags","star","status",
/// "records":[{"day","done","text"}],"period":{…}}]}`) into HabitFlow's terms, so a person can
/// move their history over with every tick, untick, skip and note.
public enum BeaverJSON {
  /// The document the export describes; `today` starts a habit that has no record yet.
  public static func read(_ file: ImportFile, today: Day) throws(ImportError) -> ImportDocument {
    let json = try JSONFile(file)
    var root = try json.rootFields()
    var document = ImportDocument(format: .beaver)
    var titles = TitleSet()
    var categories = CategoryNames(.beaver)
    for var fields in try root.requiredObjects("habits") {
      let name = try titles.read("name", of: &fields)
      let status = try fields.string("status")
      if status == "soft_delete" {
        document.approximations.append(
          Approximation(habitTitle: name, message: "It is deleted in Beaver and is not imported."))
        continue
      }
      let key = try fields.string("id") ?? name
      var habit = Habit(
        id: ImportID.habit(.beaver, key), title: name, category: ImportDefaults.category,
        startDay: today)
      habit.isPinned = try fields.bool("star") ?? false
      habit.isArchived = status == "archive"
      habit.order = document.habits.count
      let tags = try fields.strings("tags").map { Text.trimmed($0) }.filter { !$0.isEmpty }
      if let first = tags.first {
        habit.category = categories.id(first, in: &document)
        if tags.count > 1 {
          document.approximations.append(
            Approximation(
              habitTitle: name,
              message: "Its tags " + tags.joined(separator: ", ") + " become one category, "
                + first + "."))
        }
      }
      if var period = try fields.object("period") {
        habit.schedule = try BeaverPeriod.schedule(
          &period, title: name, approximations: &document.approximations)
      }
      var entries: [Entry] = []
      for var record in try fields.objects("records") {
        let day = try record.day("day")
        let text = try record.string("text") ?? ""
        var entry = Entry(
          day: day,
          note: ImportDefaults.note(
            BeaverNote.withoutSkip(text), day: day, title: name,
            approximations: &document.approximations))
        if BeaverNote.isSkip(text) {
          entry.isSkipped = true
        } else if try record.bool("done") ?? false {
          entry.value = .one
        } else {
          entry.mark = .no
        }
        entries.append(entry)
      }
      if let first = entries.map({ $0.day }).min() { habit.startDay = min(first, today) }
      document.habits.append(ImportedHabit(habit: habit, entries: entries))
    }
    return document
  }
}
