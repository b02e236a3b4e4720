import HabitApp
import HabitCore
import HabitSync
import Testing

private let noon: Int64 = 1_795_348_800_000
private let today = Day(iso: "2026-11-22")!

/// A Beaver Habits export: one daily habit with two days done (one with a note) and one not.
private let beaver = Array(
  """
  {"habits":[{"id":"k3Jd9s","name":"Meditate","tags":["Mind"],"star":false,"status":"active",
  "period":{"period_type":"D","period_count":1,"target_count":1},
  "records":[{"day":"2026-11-18","done":true},{"day":"2026-11-19","done":true,"text":"calm"},
  {"day":"2026-11-20","done":false}]}]}
  """.utf8)

/// The shell's message to the data module: the copy's meta in it, its field states and outbox
/// on the lines after it.
private func message(
  _ type: String, _ replica: Replica, csv: Bool = false, now: Int64 = noon
) throws -> String {
  let lines = Snapshot.lines(replica).split(separator: "\n").map(String.init)
  return MessageText.write(
    [
      ("t", .string(type)), ("mode", .string("merge")), ("name", .string("beaver.json")),
      ("csv", .bool(csv)), ("today", .string(today.iso)),
      ("now", .integer(now)), ("snapshot", try JSONParser.parse(lines[0])),
    ], lines: [("fields", lines[1]), ("outbox", lines[2])])
}

/// An import's answer: the header on its first line, then parts of its changes, a line each.
private func applied(_ text: String) throws -> (header: JSONObjectReader, parts: [String]) {
  let lines = text.split(separator: "\n").map(String.init)
  return (try answer(lines[0]), Array(lines.dropFirst()))
}

private func changesIn(_ parts: [String]) throws -> [Change] {
  var result: [Change] = []
  for part in parts {
    guard case .array(let items) = try JSONParser.parse(part) else { continue }
    result += try WireCodec.changes(items, path: "changes")
  }
  return result
}

private func answer(_ text: String) throws -> JSONObjectReader {
  try JSONObjectReader(try JSONParser.parse(text), path: "answer")
}

private let read = HabitID("read")

/// A replica holding one habit, Read.
private func replicaWithRead() throws -> Replica {
  var replica = Replica(device: "web-a")
  try replica.perform(
    .addHabit(Habit(id: read, title: "Read", category: "self", startDay: today)), wall: noon,
    today: today)
  return replica
}

/// The web app's data module reads files and makes exports on a copy of the app's replica; the
/// app adopts what an import changed as its own edits.
@Suite struct DataModuleTests {
  /// The panel is the on-demand module's; these tests show it.
  init() { dataPanel = DataView.render }

  @Test func anImportMadeOnACopyIsAdoptedAsThisDevicesOwnEditsAndSyncs() throws {
    var replica = try replicaWithRead()
    var preview = try answer(DataHost.handle(message("preview", replica), file: beaver))
    var figures = try JSONObjectReader(try preview.required("preview"), path: "preview")
    #expect(try figures.integer("newHabits") == 1)
    #expect(try figures.integer("checkIns") == 2)

    let answered = try applied(DataHost.handle(message("apply", replica), file: beaver))
    var header = answered.header
    let changes = try changesIn(answered.parts)
    let next = Int(try header.integer("next"))
    #expect(!changes.isEmpty && next > replica.nextChangeNumber)
    try replica.adopt(changes, nextChangeNumber: next, wall: noon + 1)
    let meditate = try #require(replica.tracker.sortedHabits.first { $0.title == "Meditate" })
    #expect(replica.tracker.log(meditate.id)[Day(iso: "2026-11-19")!]?.note == "calm")
    #expect(replica.tracker.habit(read) != nil)
    // Queued to sync, and a later edit here never reuses an adopted change's id.
    let adopted = Set(changes.map(\.id))
    #expect(adopted.isSubset(of: Set(replica.outbox.map(\.id))))
    try replica.perform(.tap(read, today), wall: noon + 2, today: today)
    #expect(Set(replica.outbox.map(\.id)).count == replica.outbox.count)
    // The same file again brings nothing new.
    preview = try answer(DataHost.handle(message("preview", replica), file: beaver))
    figures = try JSONObjectReader(try preview.required("preview"), path: "preview")
    #expect(try figures.integer("newHabits") == 0)
  }

  @Test func anEditMadeHereWhileAnImportArrivesStaysQueuedToSync() throws {
    var replica = try replicaWithRead()
    try replica.perform(.tap(read, today), wall: noon, today: today)
    var exported = try answer(DataHost.handle(message("export", replica), file: []))
    let backup = Array(try exported.string("text").utf8)
    try replica.perform(.tap(read, today), wall: noon + 1, today: today)
    // The copy is taken now; the backup sets today done again on it.
    let answered = try applied(
      DataHost.handle(message("apply", replica, now: noon + 5), file: backup))
    var header = answered.header
    let changes = try changesIn(answered.parts)
    let next = Int(try header.integer("next"))
    let value = FieldKey(.entry, "read/" + today.iso, "value")
    let later = changes.filter { $0.field == value }
    #expect(later.count == 1)
    // The import arrives in parts: the first moves the numbering past the import's changes.
    try replica.adopt(changes.filter { $0.field != value }, nextChangeNumber: next, wall: noon + 6)
    // Between parts, a tap here, later than the import's changes.
    try replica.perform(.tap(read, today), wall: noon + 10, today: today)
    let tap = try #require(replica.outbox.last)
    #expect(tap.field == value && !changes.contains { $0.id == tap.id })
    let won = try replica.adopt(later, nextChangeNumber: next, wall: noon + 11)
    #expect(won.isEmpty)
    #expect(replica.outbox.contains(tap))
  }

  @Test func aRefusedFileSaysWhyAndChangesNothing() throws {
    let replica = Replica(device: "web-a")
    var refused = try answer(
      DataHost.handle(message("apply", replica), file: Array("not a habit file".utf8)))
    #expect(try refused.string("error").contains("Loop Habit Tracker"))
    let database = Array("SQLite format 3".utf8) + [0] + [UInt8](repeating: 0, count: 84)
    refused = try answer(DataHost.handle(message("preview", replica), file: database))
    #expect(try refused.string("error").contains("read on the server"))
    #expect(try refused.bool("needsServer"))
  }

  @Test func theExportsAreMadeFromTheCopyWithTheirFileNames() throws {
    var replica = Replica(device: "web-a")
    try replica.perform(
      .addHabit(Habit(id: "walk", title: "Walk", category: "health", startDay: today)), wall: noon,
      today: today)
    try replica.perform(.tap("walk", today), wall: noon, today: today)
    var backup = try answer(DataHost.handle(message("export", replica), file: []))
    #expect(try backup.string("name") == "habitflow-backup-2026-11-22.json")
    #expect(try backup.string("text").contains("\"habitflow-backup\""))
    var csv = try answer(DataHost.handle(message("export", replica, csv: true), file: []))
    #expect(try csv.string("name") == "habitflow-2026-11-22.csv")
    #expect(try csv.string("text").contains("Walk"))
  }

  @Test func theAppHandsItsReplicaOverAndShowsTheAdoptedImport() throws {
    var host = AppHost()
    var store = BrowserStore()
    _ = host.handle(store.boot(device: "web-a", now: noon, onboarded: true))
    let snapshot = host.handle(#"{"t":"importSnapshot","now":\#(noon),"today":"2026-11-22"}"#)
    let lines = snapshot.split(separator: "\n").map(String.init)
    let replica = try Snapshot.replica(
      device: "", try JSONParser.parse(lines[0]),
      lines: MessageText(
        MessageText.write([], lines: [("fields", lines[1]), ("outbox", lines[2])])))
    let answered = try applied(DataHost.handle(message("apply", replica), file: beaver))
    var header = answered.header
    let changes = try answered.parts.flatMap { part -> [JSON] in
      guard case .array(let items) = try JSONParser.parse(part) else { return [] }
      return items
    }
    // In two parts, as the shell sends a large import: the first moves the bar, the last
    // carries the summary.
    let half = changes.count / 2
    func part(_ slice: ArraySlice<JSON>, last: Bool) throws -> String {
      var members: [(String, JSON)] = [
        ("t", .string("importedHere")), ("changes", .array(Array(slice))),
        ("next", try header.required("next")), ("adopted", .integer(last ? 1000 : 500)),
        ("now", .integer(noon + 5)), ("today", .string(today.iso)),
      ]
      if last { members.append(("summary", try header.required("summary"))) }
      return JSONWriter.write(.object(members))
    }
    _ = host.handle(event("tab", "account"))
    _ = host.handle(event("import-file", "", "beaver.json"))
    var previewed = try answer(DataHost.handle(message("preview", replica), file: beaver))
    _ = host.handle(
      JSONWriter.write(
        .object([
          ("t", .string("importPreview")), ("preview", try previewed.required("preview")),
          ("now", .integer(noon + 4)), ("today", .string(today.iso)),
        ])))
    #expect(host.handle(event("import-confirm")).contains("Importing…"))
    let first = host.handle(try part(changes[..<half], last: false))
    // Saved whole after the last part, so a closed tab never keeps half an import.
    #expect(!first.contains("\"t\":\"persist\"") && !first.contains("\"t\":\"sync\""))
    #expect(host.state?.dataImport.adopted == 500)
    #expect(first.contains(#"<progress id=\"import-progress\" max=\"1000\" value=\"500\""#))
    let shown = host.handle(try part(changes[half...], last: true))
    #expect(shown.contains("\"t\":\"persist\""))
    #expect(host.state?.tracker.sortedHabits.map(\.title) == ["Meditate"])
    #expect(host.state?.dataImport.adopted == nil)
    #expect(shown.contains("Imported: 1 habit added"))
  }
}
