public import HabitCore
public import HabitSync

/// Reads a backup strictly: the format and version first, then every member of every record,
/// each parsed with the same text forms the sync uses, so a restore is exactly what was saved.
enum BackupReader {
  static func read(_ file: JSONFile) throws(ImportError) -> BackupContents {
    var root = try file.rootFields()
    guard try root.string("format") == Backup.format else {
      throw root.failure(
        "This is not a HabitFlow backup (its format is not \"" + Backup.format
          + "\").", member: "format")
    }
    let version = try root.requiredInteger("version")
    guard (1...Backup.version).contains(version) else {
      throw root.failure(
        "The backup is version " + String(version) + "; this HabitFlow reads versions 1 to "
          + String(Backup.version) + ". Update HabitFlow to restore it.", member: "version")
    }
    if root.value("fields") != nil {
      throw root.failure(
        "This is the sync's field-by-field backup (GET /api/v1/backup); restore it with POST"
          + " /api/v1/backup, or export a backup from Your data.", member: "fields")
    }
    let exportedAt = try root.requiredString("exportedAt")
    var document = ImportDocument(format: .backup)
    let settings = try self.settings(&root)
    for var fields in try root.requiredObjects("categories") {
      document.categories.append(
        Category(
          id: CategoryID(try id(&fields)), name: try fields.requiredString("name"),
          order: try fields.requiredInteger("order")))
      try fields.finish()
    }
    for var fields in try root.requiredObjects("places") {
      document.places.append(
        Place(
          id: PlaceID(try id(&fields)), name: try fields.requiredString("name"),
          latitudeMicro: try fields.requiredInteger("latitude"),
          longitudeMicro: try fields.requiredInteger("longitude"),
          radiusMeters: try fields.requiredInteger("radius"),
          address: try fields.string("address") ?? ""))
      try fields.finish()
    }
    var ids = Set<String>()
    let categories = Set(document.categories.map { $0.id })
    let places = Set(document.places.map { $0.id })
    for var fields in try root.requiredObjects("habits") {
      let habit = try BackupHabit.read(&fields)
      guard ids.insert(habit.id.rawValue).inserted else {
        throw fields.failure("Two habits have the id " + habit.id.rawValue + ".", member: "id")
      }
      guard categories.contains(habit.category) else {
        throw fields.failure(
          "The habit \"" + habit.title + "\" is in category " + habit.category.rawValue
            + ", which the backup does not list.", member: "category")
      }
      if let place = habit.reminders.place?.place, !places.contains(place) {
        throw fields.failure(
          "The habit \"" + habit.title + "\" is reminded at place " + place.rawValue
            + ", which the backup does not list.", member: "reminders")
      }
      var days = Set<Day>()
      var entries: [Entry] = []
      for var entryFields in try fields.requiredObjects("entries") {
        let entry = try BackupHabit.entry(&entryFields)
        guard days.insert(entry.day).inserted else {
          throw entryFields.failure("The day " + entry.day.iso + " is listed twice.", member: "day")
        }
        entries.append(entry)
      }
      try fields.finish()
      document.habits.append(ImportedHabit(habit: habit, entries: entries))
    }
    try root.finish()
    return BackupContents(document: document, settings: settings, exportedAt: exportedAt)
  }

  /// A record's id: letters, digits, '-' and '_', as every id that syncs.
  static func id(_ fields: inout JSONFields) throws(ImportError) -> String {
    let id = try fields.requiredString("id")
    guard RecordID.isValid(id) else {
      throw fields.failure("\"" + id + "\" is not an id (letters, digits, - and _).", member: "id")
    }
    return id
  }

  private static func settings(_ root: inout JSONFields) throws(ImportError) -> [BackupSetting] {
    guard let fields = root.value("settings") else {
      throw root.failure("is missing.", member: "settings")
    }
    guard case .object(let members) = fields else {
      throw root.failure("must be an object, not " + fields.kindName + ".", member: "settings")
    }
    var settings: [BackupSetting] = []
    for (name, json) in members {
      let value: FieldValue
      switch json {
      case .null: value = .null
      case .bool(let flag): value = .bool(flag)
      case .string(let text): value = .text(text)
      case .number(let text):
        guard let number = Int64(text) else {
          throw root.failure(text + " is not a whole number.", member: "settings")
        }
        value = .int(number)
      case .array, .object:
        throw root.failure("The setting " + name + " must be a plain value.", member: "settings")
      }
      guard RecordID.isValid(name) else {
        throw root.failure("\"" + name + "\" is not a setting name.", member: "settings")
      }
      settings.append(BackupSetting(name: name, value: value))
    }
    return settings
  }
}
