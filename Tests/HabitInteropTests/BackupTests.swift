import Foundation
import HabitCore
import HabitInterop
import HabitSync
import PropertyBased
import Testing

private let today = BackupRandomTracker.today
private let exportedAt: Int64 = 1_741_607_130_000

private func backupFile(_ text: String) -> ImportFile {
  ImportFile(path: "backup.json", text: text)
}

/// Restores a backup into an empty account, as a person's restore does.
private func restore(_ bytes: [UInt8]) throws -> Replica {
  let contents = try Backup.contents(ImportFile(path: "backup.json", bytes: bytes))
  var replica = Replica(device: "restored")
  try replica.apply(contents.document, mode: .replace, wall: exportedAt, today: today)
  replica.restore(contents.settings, wall: exportedAt)
  return replica
}

@Test func backupRestoredIntoAnEmptyAccountIsTheSameTrackerAndSettings() async {
  await propertyCheck(count: 150, input: Gen.int(in: 0...Int(Int32.max))) { seed in
    let source = BackupRandomTracker(seed: seed).replica
    let bytes = Backup.document(of: source, exportedAt: exportedAt)
    let restored = try restore(bytes)
    #expect(sameContent(restored.tracker, source.tracker))
    #expect(BackupSetting.all(of: restored) == BackupSetting.all(of: source))
    #expect(Backup.document(of: restored, exportedAt: exportedAt) == bytes)
  }
}

@Test func backupRandomTrackersHoldEveryKindOfDay() {
  var marks = Set<EntryMark>()
  var skips = 0
  var notes = 0
  var places = 0
  for seed in 0..<40 {
    let tracker = BackupRandomTracker(seed: seed).replica.tracker
    places += tracker.places.count
    for habit in tracker.habits.values {
      for entry in tracker.log(habit.id).entries {
        marks.insert(entry.mark)
        skips += entry.isSkipped ? 1 : 0
        notes += entry.note.isEmpty ? 0 : 1
      }
    }
  }
  #expect(marks == Set(EntryMark.allCases))
  #expect(skips > 0 && notes > 0 && places > 0)
}

@Test func backupWritesOneLinePerEntryWithTheVersionAndSettings() throws {
  var replica = Replica(device: "d")
  let habit = Habit(
    id: "read", title: "Read", category: "self",
    measure: .quantity(target: Amount(thousandths: 1500), unit: "pages"),
    startDay: Day(iso: "2025-03-08")!, emoji: "📚")
  try replica.perform(.addHabit(habit), wall: 1, today: today)
  try replica.perform(
    .setEntry(
      "read",
      Entry(day: Day(iso: "2025-03-09")!, value: Amount(thousandths: 2250), note: "a, \"b\"")),
    wall: 2, today: today)
  try replica.perform(
    .setEntry("read", Entry(day: Day(iso: "2025-03-10")!, mark: .no)), wall: 3, today: today)
  replica.set(setting: "theme", to: .text("dark"), wall: 4)
  let text = String(decoding: Backup.document(of: replica, exportedAt: exportedAt), as: UTF8.self)
  #expect(text.hasPrefix("{\n  \"format\": \"habitflow-backup\",\n  \"version\": 1,\n"))
  #expect(text.contains("\"exportedAt\": \"2025-03-10T11:45:30Z\""))
  #expect(text.contains("\"settings\": {\"theme\":\"dark\"}"))
  #expect(text.contains("\"measure\": \"quantity:1500:pages\""))
  #expect(
    text.contains("\n        {\"day\":\"2025-03-09\",\"value\":2250,\"note\":\"a, \\\"b\\\"\"},\n"))
  #expect(text.contains("\n        {\"day\":\"2025-03-10\",\"mark\":\"no\"}\n"))
}

private let readHabit = """
      {
        "id": "read", "kind": "habit", "title": "Read", "description": "", "category": "self",
        "schedule": "everyDay", "measure": "done", "direction": "build", "start": "2025-03-01",
        "goal": "forever", "emoji": "", "color": "#FD4C49", "timeOfDay": "anytime",
        "pinned": false, "archived": false, "order": 0, "reminders": "days=127",
        "entries": [
          {"day": "2025-03-02", "value": 1000}
        ]
      }
  """

/// A backup as docs/backup-format.md shows it, with the habits given.
private func backupText(_ habits: [String]) -> String {
  """
  {
    "format": "habitflow-backup",
    "version": 1,
    "exportedAt": "2025-03-10T11:45:30Z",
    "settings": {},
    "categories": [
      {"id": "self", "name": "Self", "order": 2}
    ],
    "places": [],
    "habits": [
  \(habits.joined(separator: ",\n"))
    ]
  }
  """
}

private let minimal = backupText([readHabit])

@Test func backupReadsTheDocumentedMinimalFileWithIdsKept() throws {
  let document = try Backup.read(backupFile(minimal))
  #expect(document.format == .backup)
  #expect(document.habits.first?.habit.id == "read")
  #expect(document.habits.first?.entries == [Entry(day: Day(iso: "2025-03-02")!, value: .one)])
}

@Test func backupRefusesANewerVersion() {
  let error = #expect(throws: ImportError.self) {
    try Backup.read(
      backupFile(minimal.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")))
  }
  #expect(error?.line == 3)
  #expect(error?.message.contains("Update HabitFlow") == true)
}

@Test func backupRefusesAnotherFormat() {
  #expect(throws: ImportError.self) { try Backup.read(backupFile("{\"habits\": []}")) }
  #expect(throws: ImportError.self) { try Backup.read(backupFile("Date,Habit\n")) }
}

@Test func backupRefusesADayThatDoesNotExistOnItsLine() {
  let error = #expect(throws: ImportError.self) {
    try Backup.read(backupFile(minimal.replacingOccurrences(of: "2025-03-02", with: "2021-02-30")))
  }
  #expect(error?.line == 17)
  #expect(error?.message.contains("2021-02-30 is not a date") == true)
}

@Test func backupRefusesAnUnknownFieldAndAnInvalidOne() {
  let unknown = #expect(throws: ImportError.self) {
    try Backup.read(
      backupFile(minimal.replacingOccurrences(of: "\"value\": 1000", with: "\"valeu\": 1000")))
  }
  #expect(unknown?.message == "habits[0].entries[0].valeu: is not a known field.")
  let invalid = #expect(throws: ImportError.self) {
    try Backup.read(
      backupFile(minimal.replacingOccurrences(of: "\"everyDay\"", with: "\"sometimes\"")))
  }
  #expect(invalid?.line == 13)
}

@Test func backupRefusesTheSameDayTwiceAndTheSameHabitTwice() {
  let twice = minimal.replacingOccurrences(
    of: "{\"day\": \"2025-03-02\", \"value\": 1000}",
    with: "{\"day\": \"2025-03-02\", \"value\": 1000}, {\"day\": \"2025-03-02\"}")
  #expect(throws: ImportError.self) { try Backup.read(backupFile(twice)) }
  let duplicated = backupText([readHabit, readHabit])
  let error = #expect(throws: ImportError.self) { try Backup.read(backupFile(duplicated)) }
  #expect(error?.message.contains("Two habits have the id read") == true)
}

@Test func backupRefusesATruncatedFile() {
  let cut = String(minimal.prefix(minimal.count / 2))
  let error = #expect(throws: ImportError.self) { try Backup.read(backupFile(cut)) }
  #expect(error?.message.contains("ends too early") == true)
}

@Test func backupExampleInTheFormatDocumentIsAValidBackup() throws {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../docs/backup-format.md")
  let text = try String(contentsOf: url, encoding: .utf8)
  let start = try #require(text.range(of: "```json\n"))
  let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
  let contents = try Backup.contents(backupFile(String(text[start.upperBound..<end.lowerBound])))
  #expect(contents.settings.map { $0.name } == ["firstWeekday", "theme"])
  let read = try #require(contents.document.habits.first)
  #expect(read.habit.measure == .quantity(target: Amount(thousandths: 1500), unit: "pages"))
  #expect(read.habit.reminders.place == PlaceReminder(place: "gym", trigger: .arrive))
  #expect(read.entries.map { $0.mark } == [.none, .none, .no])
  var replica = Replica(device: "docs")
  try replica.apply(contents.document, mode: .replace, wall: exportedAt, today: today)
  #expect(replica.tracker.log("read").count == 3)
}

@Test func backupRefusesAHabitInACategoryOrAtAPlaceTheFileDoesNotList() {
  let category = #expect(throws: ImportError.self) {
    try Backup.read(
      backupFile(
        minimal.replacingOccurrences(of: "\"category\": \"self\"", with: "\"category\": \"gone\"")))
  }
  #expect(category?.line == 12)
  #expect(category?.message.contains("category gone, which the backup does not list") == true)
  let place = #expect(throws: ImportError.self) {
    try Backup.read(
      backupFile(
        minimal.replacingOccurrences(of: "\"days=127\"", with: "\"days=127;place=gym:leave\"")))
  }
  #expect(place?.message.contains("place gym, which the backup does not list") == true)
}

@Test func backupSaysWhereTheSyncsFieldBackupIsRestored() {
  let raw = "{\"format\":\"habitflow-backup\",\"version\":1,\"fields\":[]}"
  let error = #expect(throws: ImportError.self) { try Backup.read(backupFile(raw)) }
  #expect(error?.message.contains("POST /api/v1/backup") == true)
}
