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

  /// The boot message the shell sends after reading every store back.
  func boot(device: String, now: Int64, onboarded: Bool = false) -> String {
    var snapshot = "null"
    if case .object(let members) = meta {
      func join(_ stored: String?, _ records: [JSON]) -> String {
        let items = [
          stored.map { String($0.dropFirst().dropLast()) } ?? "",
          String(JSONWriter.write(.array(records)).dropFirst().dropLast()),
        ]
        return "[" + items.filter { !$0.isEmpty }.joined(separator: ",") + "]"
      }
      let keys = dropped.sorted().map { key in
        JSON.array(key.split(separator: "/").map { .string(String($0)) })
      }
      snapshot =
        String(JSONWriter.write(.object(members)).dropLast())
        + #","fields":"# + join(base?.fields, fields.keys.sorted().map { fields[$0]! })
        + #","outbox":"# + join(base?.outbox, Array(outbox.values))
        + #","dropped":"# + JSONWriter.write(.array(keys)) + "}"
    }
    return String(
      JSONWriter.write(
        .object([
          ("t", .string("boot")), ("device", .string(device)), ("now", .integer(now)),
          ("today", .string("2026-11-22")), ("onboarded", .bool(onboarded)),
        ])
      ).dropLast()) + #","snapshot":"# + snapshot + "}"
  }

  static func key(_ change: JSON) throws -> String {
    var reader = try JSONObjectReader(change, path: "change")
    return try reader.string("entity") + "/" + reader.string("key") + "/" + reader.string("field")
  }
}
