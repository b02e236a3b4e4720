import HabitApp
import HabitSync

/// The shell's IndexedDB layout in memory: one meta record, and field states and outbox entries
/// keyed by (entity, key, field). Applies `persist` answers as the shell does and builds the boot
/// message from what it holds.
struct BrowserStore {
  var meta = JSON.null
  var fields: [String: JSON] = [:]
  var outbox: [String: JSON] = [:]
  /// Records the last answer wrote or deleted.
  var lastWrites = 0

  mutating func apply(_ answer: String) throws {
    var reader = try JSONObjectReader(try JSONParser.parse(answer), path: "persist")
    meta = try reader.required("meta")
    let puts = try reader.array("fields")
    let queued = try reader.array("outbox")
    let dropped = try reader.array("drop")
    for change in puts { fields[try Self.key(change)] = change }
    for change in queued { outbox[try Self.key(change)] = change }
    for key in dropped {
      guard case .array(let parts) = key else {
        throw WireError.invalidValue(path: "drop", reason: "not a key")
      }
      outbox[parts.map { if case .string(let s) = $0 { s } else { "?" } }.joined(separator: "/")] =
        nil
    }
    lastWrites = puts.count + queued.count + dropped.count
  }

  /// The boot message the shell sends after reading every store back.
  func boot(device: String, now: Int64, onboarded: Bool = false) -> String {
    var snapshot = JSON.null
    if case .object(let members) = meta {
      snapshot = .object(
        members + [
          ("fields", .array(fields.keys.sorted().map { fields[$0]! })),
          ("outbox", .array(outbox.values.sorted { Self.stamp($0) < Self.stamp($1) })),
        ])
    }
    return JSONWriter.write(
      .object([
        ("t", .string("boot")), ("device", .string(device)), ("now", .integer(now)),
        ("today", .string("2026-11-22")), ("snapshot", snapshot), ("onboarded", .bool(onboarded)),
      ]))
  }

  /// The change's stamp text, which sorts as the stamp does: the shell hands the outbox back
  /// oldest first.
  static func stamp(_ change: JSON) -> String {
    guard case .object(let members) = change,
      case .string(let text)? = members.first(where: { $0.0 == "stamp" })?.1
    else { return "" }
    return text
  }

  static func key(_ change: JSON) throws -> String {
    var reader = try JSONObjectReader(change, path: "change")
    return try reader.string("entity") + "/" + reader.string("key") + "/" + reader.string("field")
  }
}
