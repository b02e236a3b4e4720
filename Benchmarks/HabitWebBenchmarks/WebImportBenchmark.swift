import HabitApp
import HabitSync

/// The web app's import path run natively, message for message as the shell sends them: the
/// whole app reads the Loop export into its replica and shows the result, then the shell asks
/// for what to store, then a new app starts from what was stored (the next visit). The same Swift
/// runs in Chromium as wasm; this shows where its time goes without the browser.
func benchmarkWebImport(zip: [UInt8], runs: Int) {
  // The panel the whole app shows (the first-load module leaves it out).
  dataPanel = DataView.render
  let clock = ContinuousClock()
  let now: Int64 = 1_795_000_000_000
  let stamp = #""now":\#(now),"today":"2026-11-22""#
  var phases: [String: [Double]] = [:]
  var sizes: [String: Int] = [:]
  var habits = 0
  func time<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
    let started = clock.now
    let result = try body()
    phases[name, default: []].append(milliseconds(started.duration(to: clock.now)))
    return result
  }
  func event(_ name: String, _ argument: String = "", _ value: String = "") -> String {
    #"{"t":"event","name":"\#(name)","arg":"\#(argument)","value":"\#(value)",\#(stamp)}"#
  }
  func request(preview: Bool) -> String {
    #"{"t":"importFile","mode":"merge","name":"export.zip","preview":\#(preview),"server":false,\#(stamp)}"#
  }
  for _ in 0..<runs {
    var app = AppHost()
    _ = app.handle(
      #"{"t":"boot","device":"web-000000000001","email":null,"online":false,"onboarded":true,\#(stamp)}"#
    )
    _ = app.handle(event("tab", "account"))
    _ = app.handle(event("import-file", "", "export.zip"))
    _ = time("1 preview") { DataHost.handle(request(preview: true), file: zip, host: &app) }
    _ = app.handle(event("import-confirm"))
    let shown = time("2 import: read, apply, the result's page") {
      DataHost.handle(request(preview: false), file: zip, host: &app)
    }
    guard shown.contains("Imported:") else { fatalError("the import was refused: \(shown)") }
    let stored = time("3 persist: the text to store") {
      Shell.lines(app.handle(#"{"t":"persist",\#(stamp)}"#))
    }
    sizes["stored text"] = stored[1].utf8.count + stored[2].utf8.count
    let meta: [(String, JSON)]
    do {
      var writes = try JSONObjectReader(try JSONParser.parse(stored[0]), path: "persist")
      guard case .object(let members) = try writes.required("meta") else { fatalError("no meta") }
      meta = members
    } catch {
      fatalError("the persist answer could not be read: \(error)")
    }
    let visit = MessageText.write(
      [
        ("t", .string("boot")), ("device", .string("web-000000000001")), ("online", .bool(false)),
        ("onboarded", .bool(true)), ("now", .integer(now)), ("today", .string("2026-11-22")),
        ("snapshot", .object(meta + [("queued", .array([])), ("dropped", .array([]))])),
      ], lines: [("fields", stored[1]), ("outbox", stored[2])])
    var next = AppHost()
    _ = time("4 next visit: start from the stored text") { next.handle(visit) }
    habits = next.state?.replica.tracker.habits.count ?? 0
  }
  print("web-import: \(zip.count) bytes zipped, \(habits) habits read back (natively) runs=\(runs)")
  for name in phases.keys.sorted() {
    let samples = phases[name]!.sorted()
    print(
      "  \(name): min \(format(samples[0])) ms  median \(format(samples[samples.count / 2])) ms")
  }
  for (name, count) in sizes.sorted(by: { $0.key < $1.key }) { print("  \(name): \(count) bytes") }
}

/// The shell's side: the lines of an answer (`takeWrites` in Web/app.js).
enum Shell {
  static func lines(_ text: String) -> [String] {
    text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { String(Substring($0)) }
  }
}
