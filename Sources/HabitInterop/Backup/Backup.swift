public import HabitCore
public import HabitSync

/// HabitFlow's own backup: every category, place, habit field, day and setting in one versioned
/// JSON document (docs/backup-format.md), which restores exactly what it saved.
public enum Backup {
  /// The `format` member every backup carries.
  public static let format = "habitflow-backup"
  /// The version this build writes and the newest it reads.
  public static let version = 1

  /// The backup of a replica's data and every setting it holds.
  public static func document(of replica: Replica, exportedAt wall: Int64) -> [UInt8] {
    document(of: replica.tracker, settings: BackupSetting.all(of: replica), exportedAt: wall)
  }

  /// The backup of `tracker` with `settings`, stamped with `wall` (milliseconds since 1970, UTC).
  public static func document(
    of tracker: Tracker, settings: [BackupSetting], exportedAt wall: Int64
  )
    -> [UInt8]
  {
    var settingMembers: [(String, JSON)] = []
    for setting in settings { settingMembers.append((setting.name, setting.value.json)) }
    let categories = tracker.sortedCategories.map { category -> JSON in
      .object([("id", .string(category.id.rawValue))] + fields(RecordFields.encode(category)))
    }
    let places = tracker.places.values.ordered { $0.id < $1.id }.map { place -> JSON in
      .object([("id", .string(place.id.rawValue))] + fields(RecordFields.encode(place)))
    }
    let habits = tracker.habits.values.ordered { ($0.order, $0.id) < ($1.order, $1.id) }.map {
      habit -> JSON in
      let entries = tracker.log(habit.id).entries.map { json(of: $0) }
      return .object(
        [("id", .string(habit.id.rawValue))] + fields(RecordFields.encode(habit))
          + [("entries", .array(entries))])
    }
    let root = JSON.object([
      ("format", .string(format)),
      ("version", .integer(version)),
      ("exportedAt", .string(timestamp(wall))),
      ("settings", .object(settingMembers)),
      ("categories", .array(categories)),
      ("places", .array(places)),
      ("habits", .array(habits)),
    ])
    return Array(JSONLayout.write(root).utf8)
  }

  /// The data of a backup, as a document to apply with ids kept as they are.
  public static func read(_ file: ImportFile) throws(ImportError) -> ImportDocument {
    try contents(file).document
  }

  /// Everything a backup holds; a file of another format or a newer version is refused, as is any
  /// field that is missing, unknown or invalid, with the line it is on.
  public static func contents(_ file: ImportFile) throws(ImportError) -> BackupContents {
    try BackupReader.read(try JSONFile(file))
  }

  private static func fields(_ fields: [(String, FieldValue)]) -> [(String, JSON)] {
    fields.map { ($0.0, $0.1.json) }
  }

  /// An entry with the members that differ from their defaults: a value, note, skip or mark.
  private static func json(of entry: Entry) -> JSON {
    var members: [(String, JSON)] = [("day", .string(entry.day.iso))]
    if entry.value != .zero { members.append(("value", .integer(entry.value.thousandths))) }
    if !entry.note.isEmpty { members.append(("note", .string(entry.note))) }
    if entry.isSkipped { members.append(("skipped", .bool(true))) }
    if entry.mark != .none { members.append(("mark", .string(entry.mark.rawValue))) }
    return .object(members)
  }

  /// `yyyy-MM-ddTHH:mm:ssZ` for milliseconds since 1970 (UTC).
  static func timestamp(_ wall: Int64) -> String {
    let millisecondsPerDay: Int64 = 86_400_000
    var days = wall / millisecondsPerDay
    var rest = wall % millisecondsPerDay
    if rest < 0 {
      days -= 1
      rest += millisecondsPerDay
    }
    let seconds = Int(rest / 1000)
    let clock =
      ClockTime(hour: seconds / 3600, minute: seconds / 60 % 60) ?? ClockTime(hour: 0, minute: 0)!
    let second = seconds % 60
    return Day(daysSince1970: Int(days)).iso + "T" + clock.text + ":" + (second < 10 ? "0" : "")
      + String(second) + "Z"
  }
}
