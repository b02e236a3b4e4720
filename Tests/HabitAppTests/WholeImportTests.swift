import HabitApp
import HabitCore
import HabitInterop
import HabitSync
import Testing

private let noon: Int64 = 1_795_348_800_000
private let today = Day(iso: "2026-11-22")!

/// A Beaver Habits export of one daily habit done on each of `days` days up to today: large
/// enough (over a thousand changes) to arrive as the whole replica.
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

/// The data module's answer to importing `file` into the app's replica, as the shell asks it.
private func apply(_ file: [UInt8], to host: inout AppHost) throws -> [String] {
  let copy = host.handle(#"{"t":"importSnapshot","now":\#(noon),"today":"2026-11-22"}"#)
    .split(separator: "\n").map(String.init)
  let message = MessageText.write(
    [
      ("t", .string("apply")), ("mode", .string("merge")), ("name", .string("beaver.json")),
      ("today", .string(today.iso)), ("now", .integer(noon + 1)),
      ("snapshot", try JSONParser.parse(copy[0])),
    ], lines: [("fields", copy[1]), ("outbox", copy[2])])
  return DataHost.handle(message, file: file).split(
    separator: "\n", omittingEmptySubsequences: false
  ).map(String.init)
}

/// The shell's `importedWhole` message for an answer's header and the replica's three lines.
private func whole(_ lines: [String]) throws -> String {
  var header = try JSONObjectReader(try JSONParser.parse(lines[0]), path: "answer")
  return MessageText.write(
    [
      ("t", .string("importedWhole")), ("from", try header.required("whole")),
      ("meta", try JSONParser.parse(lines[1])), ("summary", try header.required("summary")),
      ("now", .integer(noon + 2)), ("today", .string(today.iso)),
    ], lines: [("fields", lines[2]), ("outbox", lines[3])])
}

/// A large import is handed from the data module to the app as the whole replica, which the app
/// takes as it would start from storage and the shell stores as the base.
@Suite struct WholeImportTests {
  /// The panel is the on-demand module's; these tests show it.
  init() { dataPanel = DataView.render }

  @Test func aLargeImportArrivesWholeIsTakenAsMadeAndReadsBackAfterAReload() throws {
    var host = AppHost()
    var store = BrowserStore()
    _ = host.handle(store.boot(device: "web-a", now: noon, onboarded: true))
    let lines = try apply(beaver(id: "m1", name: "Meditate", days: 1_200), to: &host)
    #expect(lines.count == 4)
    // Each change the import made is written once, among the field states, marked as queued.
    #expect(lines[3] == "[]" && lines[2].contains(#""q":true"#))
    var header = try JSONObjectReader(try JSONParser.parse(lines[0]), path: "answer")
    #expect(try header.integer("count") > 1_000)

    let answer = host.handle(try whole(lines))
    var reader = try JSONObjectReader(try JSONParser.parse(answer), path: "answer")
    let meta = try reader.required("meta")
    let replica = try #require(host.state?.replica)
    let meditate = try #require(replica.tracker.sortedHabits.first { $0.title == "Meditate" })
    #expect(replica.tracker.log(meditate.id).count == 1_200)
    #expect(replica.tracker.log(meditate.id)[today.advanced(by: -100)]?.note == "day 100")
    // Everything the import made waits to sync, and the shell stores the text itself.
    #expect(replica.outbox.count == Int(try header.integer("count")))
    #expect(answer.contains(#""t":"sync""#) && !answer.contains(#""t":"persist""#))
    #expect(host.state?.dataImport.result?.contains("1 habit added") == true)

    // The shell stores the two lines as the base; a tap after it is written on top.
    store = BrowserStore()
    store.meta = meta
    store.base = (lines[2], lines[3])
    _ = host.handle(event("tap", meditate.id.rawValue))
    try store.apply(host.handle(#"{"t":"persist","now":\#(noon + 3),"today":"2026-11-22"}"#))
    var reloaded = AppHost()
    _ = reloaded.handle(store.boot(device: "web-a", now: noon + 4, onboarded: true))
    let after = try #require(reloaded.state?.replica)
    let now = try #require(host.state?.replica)
    #expect(after.tracker == now.tracker)
    #expect(after.outbox.map(\.id).sorted() == now.outbox.map(\.id).sorted())
    #expect(after.fieldChanges == now.fieldChanges)
    #expect(after.nextChangeNumber == now.nextChangeNumber)
  }

  @Test func takingTheWholeImportGivesWhatImportingIntoTheReplicaDirectlyGives() throws {
    var host = AppHost()
    _ = host.handle(BrowserStore().boot(device: "web-a", now: noon, onboarded: true))
    var direct = try #require(host.state?.replica)
    let file = beaver(id: "r1", name: "Run", days: 1_100)
    let lines = try apply(file, to: &host)
    var header = try JSONObjectReader(try JSONParser.parse(lines[0]), path: "answer")
    _ = host.handle(try whole(lines))
    let taken = try #require(host.state?.replica)
    // The same file imported by HabitInterop into the same replica, on this side of the wall.
    let files = try Importer.files(ImportFile(path: "beaver.json", bytes: file))
    let contents = try Importer.contents(files, today: today)
    _ = try direct.apply(contents.document, mode: .merge, wall: noon + 1, today: today)
    direct.restore(contents.settings, wall: noon + 1)
    #expect(taken.outbox.count == Int(try header.integer("count")))
    #expect(taken.tracker == direct.tracker)
    #expect(taken.fieldChanges == direct.fieldChanges)
    #expect(taken.outbox == direct.outbox)
    #expect(taken.nextChangeNumber == direct.nextChangeNumber)
  }

  @Test func anEditMadeWhileTheFileWasReadRefusesTheWholeImportAndKeepsTheEdit() throws {
    var host = AppHost()
    _ = host.handle(BrowserStore().boot(device: "web-a", now: noon, onboarded: true))
    _ = host.handle(
      try whole(try apply(beaver(id: "m1", name: "Meditate", days: 1_200), to: &host)))
    let meditate = try #require(host.state?.tracker.sortedHabits.first)
    let lines = try apply(beaver(id: "w1", name: "Walk", days: 2_500), to: &host)
    // A tap lands between the copy and the hand-over.
    _ = host.handle(event("tap", meditate.id.rawValue))
    let tapped = try #require(host.state?.replica)
    let answer = host.handle(try whole(lines))
    #expect(answer.contains(#""refused":true"#))
    #expect(host.state?.dataImport.error?.contains("Import it again") == true)
    #expect(host.state?.tracker == tapped.tracker)
    #expect(host.state?.replica.outbox == tapped.outbox)
    #expect(host.state?.tracker.sortedHabits.map(\.title) == ["Meditate"])
  }
}
