import HabitSync

/// Turns a `fields` row's text columns into the change it stores, without the generic decoding
/// the rest of the store uses: an account's load reads thousands of rows. Device names repeat in
/// nearly every stamp, so each is checked and stored once per load and shared by its stamps.
struct FieldRowDecoder {
  private var devices: [Substring: String] = [:]

  mutating func change(
    entity entityName: String, key: String, field: String, value: String, stamp: String,
    changeID: String
  ) throws -> Change {
    guard let entity = Entity(rawValue: entityName) else {
      throw StoreError.corruptRow("entity \(entityName)")
    }
    return Change(
      id: changeID, field: FieldKey(entity, key, field), value: try Self.value(value),
      stamp: try self.stamp(stamp))
  }

  /// The common stored values (integers, plain text, booleans) read directly; anything else
  /// (escaped text) through the JSON parser.
  static func value(_ text: String) throws -> FieldValue {
    let utf8 = text.utf8
    if let first = utf8.first {
      switch first {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
        if let number = Int64(text) { return .int(number) }
      case UInt8(ascii: "\""):
        let inner = utf8.dropFirst().dropLast()
        if utf8.count >= 2, utf8.last == UInt8(ascii: "\""),
          !inner.contains(where: { $0 == UInt8(ascii: "\\") || $0 < 0x20 })
        {
          return .text(String(Substring(inner)))
        }
      default:
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: break
        }
      }
    }
    do {
      return try FieldValue(storageText: text)
    } catch {
      throw StoreError.corruptRow(error.message)
    }
  }

  private mutating func stamp(_ text: String) throws -> Stamp {
    let utf8 = text.utf8
    guard utf8.count > 22, let wall = Self.digits(utf8.prefix(15)),
      let counter = Self.digits(utf8.dropFirst(16).prefix(5)),
      utf8[utf8.index(utf8.startIndex, offsetBy: 15)] == UInt8(ascii: "-"),
      utf8[utf8.index(utf8.startIndex, offsetBy: 21)] == UInt8(ascii: "-")
    else { throw StoreError.corruptRow("stamp \(text)") }
    let name = Substring(utf8.dropFirst(22))
    if let device = devices[name] {
      return Stamp(wall: wall, counter: Int(counter), device: device)
    }
    guard let parsed = Stamp(text: text) else { throw StoreError.corruptRow("stamp \(text)") }
    devices[name] = parsed.device
    return parsed
  }

  private static func digits(_ bytes: Substring.UTF8View) -> Int64? {
    var value: Int64 = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return value
  }
}
