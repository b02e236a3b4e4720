import HabitApp
import HabitCore
import HabitInterop
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

/// A Beaver Habits export of one daily habit done on each of `days` days up to today: large
/// enough (over a thousand changes) to be saved as the whole replica.
private func beaver(id: String, name: String, days: Int) -> [UInt8] {
  var records: [String] = []
  for offset in 0..<days {
    let note = offset % 50 == 0 ? #","text":"day \#(offset)""# : ""
    records.append(#"{"day":"\#(today.advanced(by: -offset).iso)","done":true\#(note)}"#)
  }
  return Array(
    (#"{"habits":[{"id":"\#(id)","name":"\#(name)","tags":[],"star":false,"status":"active","#
      + #""period":{"period_type":"D","period_count":1,"target_count":1},"records":["#
      + records.joined(separator: ",") + "]}]}").utf8)
}

/// The shell's "Your data" request, as `dataRequest` in Web/data.js sends it.
private func request(
  _ type: String, preview: Bool = false, server: Bool = false, csv: Bool = false,
  now: Int64 = noon, name: String = "beaver.json", mode: String = "merge"
) -> String {
  JSONWriter.write(
    .object([
      ("t", .string(type)), ("mode", .string(mode)), ("name", .string(name)),
      ("preview", .bool(preview)), ("server", .bool(server)), ("csv", .bool(csv)),
      ("today", .string(today.iso)), ("now", .integer(now)),
    ]))
}

private func answer(_ text: String) throws -> JSONObjectReader {
  try JSONObjectReader(try JSONParser.parse(text), path: "answer")
}

/// A booted app on Account, with the panel's file chosen: what the shell has when it reads it.
private func appWithFileChosen() -> AppHost {
  var host = AppHost()
  _ = host.handle(BrowserStore().boot(device: "web-a", now: noon, onboarded: true))
  _ = host.handle(event("tab", "account"))
  _ = host.handle(event("import-file", "", "beaver.json"))
  return host
}

/// Previews `file`, confirms, and imports it, as a person does on the panel; the import's page.
private func importing(
  _ file: [UInt8], into host: inout AppHost, now: Int64 = noon + 1, mode: String = "merge"
) -> String {
  if host.state?.dataImport.phase != .uploading {
    _ = host.handle(event("import-file", "", "beaver.json"))
  }
  _ = DataHost.handle(request("importFile", preview: true, mode: mode), file: file, host: &host)
  _ = host.handle(event("import-confirm"))
  return DataHost.handle(request("importFile", now: now, mode: mode), file: file, host: &host)
}

/// The replica as it opens from storage: everything projected from its merged fields.
private func reopened(_ replica: Replica) -> Replica {
  Replica(
    device: replica.device, fields: replica.fieldChanges, outbox: replica.outbox,
    cursor: replica.cursor, clock: nil, nextChangeNumber: replica.nextChangeNumber)
}

/// The web app's "Your data" requests (`hf_data`): files read and previewed or imported into the
/// app's own replica, and the exports made from it.
@Suite struct DataModuleTests {
  /// The panel is the on-demand module's; these tests show it.
  init() { dataPanel = DataView.render }

  @Test func aFileIsPreviewedThenImportedIntoTheAppsReplicaAndQueuedToSync() throws {
    var host = appWithFileChosen()
    let previewed = DataHost.handle(request("importFile", preview: true), file: beaver, host: &host)
    #expect(previewed.contains("1 habit in the file: 1 new"))
    #expect(previewed.contains("2 check-ins, 0 skips, 1 note"))
    // Nothing changes before the confirmation.
    #expect(host.state?.tracker.habits.isEmpty == true)
    #expect(host.handle(event("import-confirm")).contains("Importing…"))

    let shown = DataHost.handle(request("importFile", now: noon + 1), file: beaver, host: &host)
    #expect(shown.contains("Imported: 1 habit added"))
    #expect(shown.contains(#""t":"persist""#) && shown.contains(#""t":"sync""#))
    let replica = try #require(host.state?.replica)
    let meditate = try #require(replica.tracker.sortedHabits.first { $0.title == "Meditate" })
    #expect(replica.tracker.log(meditate.id)[Day(iso: "2026-11-19")!]?.note == "calm")
    // Queued to sync, each change once, and a later edit never reuses an imported change's id.
    #expect(!replica.outbox.isEmpty)
    _ = host.handle(event("tab", "today"))
    _ = host.handle(event("tap", meditate.id.rawValue))
    let outbox = try #require(host.state?.replica.outbox)
    #expect(Set(outbox.map(\.id)).count == outbox.count)
    // A small import is saved record by record: every change it queued is written.
    var store = BrowserStore()
    try store.apply(host.handle(#"{"t":"persist","now":\#(noon + 2),"today":"2026-11-22"}"#))
    #expect(store.base == nil && store.outbox.count == outbox.count)
    // The same file again brings nothing new.
    _ = host.handle(event("tab", "account"))
    _ = host.handle(event("import-file", "", "beaver.json"))
    let again = DataHost.handle(request("importFile", preview: true), file: beaver, host: &host)
    #expect(again.contains("1 habit in the file: 0 new, 1 already here"))
  }

  @Test func aRefusedFileSaysWhyOnThePanelAndChangesNothing() throws {
    var host = appWithFileChosen()
    _ = importing(beaver, into: &host)
    let before = try #require(host.state?.replica)
    _ = host.handle(event("import-file", "", "notes.txt"))
    let refused = DataHost.handle(
      request("importFile", preview: true, name: "notes.txt"), file: Array("not a habit file".utf8),
      host: &host)
    #expect(refused.contains("Loop Habit Tracker"))
    #expect(host.state?.dataImport.phase == .choosing)
    #expect(host.state?.replica.tracker == before.tracker)
    #expect(host.state?.replica.outbox == before.outbox)
    // A Loop database goes to the server when it can be reached, and says so when not.
    let database = Array("SQLite format 3".utf8) + [0] + [UInt8](repeating: 0, count: 84)
    _ = host.handle(event("import-file", "", "loop.db"))
    var online = try answer(
      DataHost.handle(
        request("importFile", preview: true, server: true, name: "loop.db"), file: database,
        host: &host))
    #expect(try online.bool("needsServer"))
    #expect(host.state?.dataImport.phase == .uploading)
    let offline = DataHost.handle(
      request("importFile", preview: true, name: "loop.db"), file: database, host: &host)
    #expect(offline.contains("read on the server"))
  }

  @Test func aPreviewOrImportForAFileNoLongerOnScreenChangesNothing() throws {
    var host = appWithFileChosen()
    _ = host.handle(event("import-cancel"))
    let late = DataHost.handle(request("importFile", preview: true), file: beaver, host: &host)
    #expect(!late.contains("1 habit in the file"))
    _ = DataHost.handle(request("importFile"), file: beaver, host: &host)
    #expect(host.state?.tracker.habits.isEmpty == true)
  }

  @Test func theExportsAreMadeFromTheAppsReplicaWithTheirFileNames() throws {
    var host = appWithFileChosen()
    _ = importing(beaver, into: &host)
    var backup = try answer(DataHost.handle(request("export"), file: [], host: &host))
    #expect(try backup.string("name") == "habitflow-backup-2026-11-22.json")
    #expect(try backup.string("text").contains("\"habitflow-backup\""))
    var csv = try answer(DataHost.handle(request("export", csv: true), file: [], host: &host))
    #expect(try csv.string("name") == "habitflow-2026-11-22.csv")
    #expect(try csv.string("text").contains("Meditate"))
  }

  @Test func aLargeImportIsSavedAsTheWholeReplicaAndReadsBackAfterATapAndAReload() throws {
    var host = appWithFileChosen()
    let shown = importing(beaver(id: "m1", name: "Meditate", days: 1_200), into: &host)
    #expect(shown.contains("1 habit added"))
    var store = BrowserStore()
    try store.apply(host.handle(#"{"t":"persist","now":\#(noon + 2),"today":"2026-11-22"}"#))
    // One base: each change the import made written once, among the field states, as queued.
    let base = try #require(store.base)
    #expect(base.outbox == "[]" && base.fields.contains(#""q":true"#))
    let replica = try #require(host.state?.replica)
    let meditate = try #require(replica.tracker.sortedHabits.first)
    #expect(replica.tracker.log(meditate.id).count == 1_200)
    #expect(replica.tracker.log(meditate.id)[today.advanced(by: -100)]?.note == "day 100")

    // A tap after it is written on top of the base; a new start reads both back.
    _ = host.handle(event("tab", "today"))
    _ = host.handle(event("tap", meditate.id.rawValue))
    try store.apply(host.handle(#"{"t":"persist","now":\#(noon + 3),"today":"2026-11-22"}"#))
    #expect(store.base != nil && store.lastWrites < 10)
    var reloaded = AppHost()
    _ = reloaded.handle(store.boot(device: "web-a", now: noon + 4, onboarded: true))
    let after = try #require(reloaded.state?.replica)
    let now = try #require(host.state?.replica)
    #expect(after.tracker == now.tracker)
    #expect(after.outbox.map(\.id).sorted() == now.outbox.map(\.id).sorted())
    #expect(after.fieldChanges == now.fieldChanges)
    #expect(after.nextChangeNumber == now.nextChangeNumber)
  }

  @Test func afterMergingAndReplacingTheScreenShowsWhatTheMergedFieldsHold() throws {
    var host = appWithFileChosen()
    _ = importing(beaver, into: &host)
    // A file that brings a habit with more than a thousand days, merged, then everything
    // replaced by the first file: Run is deleted, Meditate's days stay.
    _ = importing(beaver(id: "r1", name: "Run", days: 1_100), into: &host, now: noon + 3)
    var shown = try #require(host.state?.replica)
    #expect(shown.tracker.habits.count == 2)
    #expect(shown.tracker == reopened(shown).tracker)
    _ = importing(beaver, into: &host, now: noon + 4, mode: "replace")
    shown = try #require(host.state?.replica)
    #expect(shown.tracker.sortedHabits.map(\.title) == ["Meditate"])
    #expect(shown.tracker == reopened(shown).tracker)
    // The replace deleted Run and its category (the default Self): importing Run again brings
    // both back, under new ids, instead of refusing the file.
    let page = importing(beaver(id: "r1", name: "Run", days: 1_100), into: &host, now: noon + 5)
    #expect(page.contains("Imported: 1 habit added"))
    shown = try #require(host.state?.replica)
    let run = try #require(shown.tracker.sortedHabits.first { $0.title == "Run" })
    #expect(shown.tracker.category(run.category)?.name == "Self")
    #expect(shown.tracker.log(run.id).count == 1_100)
    #expect(shown.tracker == reopened(shown).tracker)
  }

  @Test func importingHereGivesWhatHabitInteropGivesTheReplicaDirectly() throws {
    var host = appWithFileChosen()
    _ = importing(beaver, into: &host)
    var direct = try #require(host.state?.replica)
    let file = beaver(id: "r1", name: "Run", days: 1_100)
    _ = importing(file, into: &host, now: noon + 5)
    let files = try Importer.files(ImportFile(path: "beaver.json", bytes: file))
    let contents = try Importer.contents(files, today: today)
    _ = try direct.apply(contents.document, mode: .merge, wall: noon + 5, today: today)
    direct.restore(contents.settings, wall: noon + 5)
    let taken = try #require(host.state?.replica)
    #expect(taken.tracker == direct.tracker)
    #expect(taken.fieldChanges == direct.fieldChanges)
    #expect(taken.outbox == direct.outbox)
    #expect(taken.nextChangeNumber == direct.nextChangeNumber)
  }
}
