import HabitApp
import HabitSync

/// The web app's import path run natively, message for message as the shell sends them: the data
/// module reads the Loop export and applies it to a copy of the replica, the app takes the result
/// and what the shell stores is made, then a new app starts from what was stored (the next
/// visit). The same Swift runs in Chromium as wasm; this shows where its time goes without the
/// browser.
func benchmarkWebImport(zip: [UInt8], runs: Int) {
  let clock = ContinuousClock()
  let now: Int64 = 1_795_000_000_000
  let boot =
    #"{"t":"boot","device":"web-000000000001","email":null,"online":false,"onboarded":true,"now":\#(now),"today":"2026-11-22""#
  var phases: [String: [Double]] = [:]
  var sizes: [String: Int] = [:]
  var habits = 0
  func time<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
    let started = clock.now
    let result = try body()
    phases[name, default: []].append(milliseconds(started.duration(to: clock.now)))
    return result
  }
  for _ in 0..<runs {
    var app = AppHost()
    _ = app.handle(boot + "}")
    let answer = time("1 data module: read, apply, answer") {
      let copy = Shell.lines(app.handle(#"{"t":"importSnapshot"}"#))
      let message: String
      do {
        message = MessageText.write(
          [
            ("t", .string("apply")), ("mode", .string("merge")), ("name", .string("export.zip")),
            ("today", .string("2026-11-22")), ("now", .integer(now)),
            ("snapshot", try JSONParser.parse(copy[0])),
          ], lines: [("fields", copy[1]), ("outbox", copy[2])])
      } catch {
        fatalError("the app's replica could not be read: \(error)")
      }
      return DataHost.handle(message, file: zip)
    }
    sizes["data module's answer"] = answer.utf8.count
    let stored: (meta: JSON, fields: String, outbox: String)
    do {
      stored = try time("2 app: take the import, and the text to store") {
        try Shell.take(answer, into: &app, now: now)
      }
    } catch {
      fatalError("the app refused the import: \(error)")
    }
    sizes["stored text"] = stored.fields.utf8.count + stored.outbox.utf8.count
    guard case .object(let meta) = stored.meta else { fatalError("no meta") }
    let visit = MessageText.write(
      [
        ("t", .string("boot")), ("device", .string("web-000000000001")), ("online", .bool(false)),
        ("onboarded", .bool(true)), ("now", .integer(now)), ("today", .string("2026-11-22")),
        ("snapshot", .object(meta + [("queued", .array([])), ("dropped", .array([]))])),
      ], lines: [("fields", stored.fields), ("outbox", stored.outbox)])
    var next = AppHost()
    _ = time("3 next visit: start from the stored text") { next.handle(visit) }
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

/// The shell's side of the exchange (`adopt`, `takeWrites` and `loadSnapshot` in Web/app.js).
enum Shell {
  struct Refused: Error {
    let answer: String
  }

  static func lines(_ text: String) -> [String] {
    text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { String(Substring($0)) }
  }

  /// Hands the data module's answer to the app as the shell does, and returns what the shell
  /// stores: the meta and the base's two lines.
  static func take(_ answer: String, into app: inout AppHost, now: Int64) throws -> (
    meta: JSON, fields: String, outbox: String
  ) {
    let lines = lines(answer)
    var header = try JSONObjectReader(try JSONParser.parse(lines[0]), path: "answer")
    let summary = try header.required("summary")
    let stamp: [(String, JSON)] = [("now", .integer(now)), ("today", .string("2026-11-22"))]
    if let from = header.optional("whole") {
      // Taken whole; the same two lines are stored as the base.
      let reply = app.handle(
        MessageText.write(
          [
            ("t", .string("importedWhole")), ("from", from),
            ("meta", try JSONParser.parse(lines[1])), ("summary", summary),
          ] + stamp, lines: [("fields", lines[2]), ("outbox", lines[3])]))
      var reader = try JSONObjectReader(try JSONParser.parse(reply), path: "reply")
      guard let meta = reader.optional("meta") else { throw Refused(answer: reply) }
      return (meta, lines[2], lines[3])
    }
    let next = try header.required("next")
    let parts = lines.count > 1 ? Array(lines.dropFirst()) : ["[]"]
    for (index, part) in parts.enumerated() {
      let last = index == parts.count - 1
      let reply = app.handle(
        MessageText.write(
          [
            ("t", .string("importedHere")), ("next", next),
            ("adopted", .integer((1000 * (index + 1)) / parts.count)),
          ] + stamp + (last ? [("summary", summary)] : []), lines: [("changes", part)]))
      if reply.contains(#""refused":true"#) { throw Refused(answer: reply) }
    }
    let written = self.lines(
      app.handle(JSONWriter.write(.object([("t", .string("persist"))] + stamp))))
    var writes = try JSONObjectReader(try JSONParser.parse(written[0]), path: "persist")
    return (try writes.required("meta"), written[1], written[2])
  }
}
