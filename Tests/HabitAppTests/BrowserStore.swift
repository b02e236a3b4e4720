import HabitApp
import HabitSync

/// The shell's IndexedDB layout in memory: one meta record, an optional base (the whole replica
/// as JSON text), and field states and outbox entries keyed by (entity, key, field), an
/// acknowledged entry being a drop mark once a base exists. Applies `persist` answers as the
/// shell does and builds the boot message from what it holds.
struct BrowserStore {
  var meta = JSON.null
  var base: (fields: String, outbox: String)?
  var fields: [String: JSON] = [:]
  var outbox: [String: JSON] = [:]
  /// Outbox keys acknowledged since the base.
  var dropped: Set<String> = []
  /// Records the last answer wrote or deleted (a base counts as one).
  var lastWrites = 0

  mutating func apply(_ answer: String) throws {
    let lines = answer.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var reader = try JSONObjectReader(try JSONParser.parse(lines[0]), path: "persist")
    meta = try reader.required("meta")
    if reader.optional("base") == .bool(true) {
      base = (lines[1], lines[2])
      fields = [:]
      outbox = [:]
      dropped = []
      lastWrites = 1
      return
    }
    let puts = try reader.array("fields")
    let queued = try reader.array("outbox")
    let drops = try reader.array("drop")
    for change in puts { fields[try Self.key(change)] = change }
    for change in queued {
      let key = try Self.key(change)
      outbox[key] = change
      dropped.remove(key)
    }
    for key in drops {
      guard case .array(let parts) = key else {
        throw WireError.invalidValue(path: "drop", reason: "not a key")
      }
      let text = parts.map { if case .string(let s) = $0 { s } else { "?" } }.joined(separator: "/")
      outbox[text] = nil
      if base != nil { dropped.insert(text) }
    }
    lastWrites = puts.count + queued.count + drops.count
  }

  /// The boot message the shell sends after reading every store back: the meta with the
  /// outbox entries queued since the base and the keys dropped since, and the field states
  /// and the base's outbox on lines of their own.
  func boot(device: String, now: Int64, onboarded: Bool = false) -> String {
    var members: [(String, JSON)] = [
      ("t", .string("boot")), ("device", .string(device)), ("now", .integer(now)),
      ("today", .string("2026-11-22")), ("onboarded", .bool(onboarded)),
    ]
    guard case .object(let meta) = self.meta else {
      return MessageText.write(members + [("snapshot", .null)], lines: [])
    }
    let keys = dropped.sorted().map { key in
      JSON.array(key.split(separator: "/").map { .string(String($0)) })
    }
    members.append(
      (
        "snapshot",
        .object(meta + [("queued", .array(Array(outbox.values))), ("dropped", .array(keys))])
      ))
    let records = String(
      JSONWriter.write(.array(fields.keys.sorted().map { fields[$0]! })).dropFirst().dropLast())
    let stored = base.map { String($0.fields.dropFirst().dropLast()) } ?? ""
    let joined = "[" + [stored, records].filter { !$0.isEmpty }.joined(separator: ",") + "]"
    return MessageText.write(
      members, lines: [("fields", joined), ("outbox", base?.outbox ?? "[]")])
  }

  static func key(_ change: JSON) throws -> String {
    var reader = try JSONObjectReader(change, path: "change")
    return try reader.string("entity") + "/" + reader.string("key") + "/" + reader.string("field")
  }
}
