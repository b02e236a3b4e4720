extension JSONParser {
  /// Reads `[change,…]` (the wire's change objects, members in any order) straight into changes,
  /// without a `JSON` tree: a stored replica or a large import holds a hundred thousand of them,
  /// and the tree cost the web app seconds. Refuses what `WireCodec.changes` refuses, with the
  /// same paths.
  public static func changes(_ text: String, path: String) throws(WireError) -> [Change] {
    try changes(Array(text.utf8), path: path)
  }

  /// The changes in `range` of `bytes` (a line of a message), or in all of them.
  public static func changes(_ bytes: [UInt8], in range: Range<Int>? = nil, path: String)
    throws(WireError) -> [Change]
  {
    var queued: [Int]? = nil
    return try changes(bytes, in: range, path: path, queued: &queued)
  }

  /// A stored replica's field states, some marked `"q":true` (also waiting in the outbox, see
  /// `ChangeText.append(_:queued:to:)`): the changes, and the positions of the marked ones.
  public static func storedChanges(_ bytes: [UInt8], in range: Range<Int>, path: String)
    throws(WireError) -> (changes: [Change], queued: [Int])
  {
    var queued: [Int]? = []
    let changes = try changes(bytes, in: range, path: path, queued: &queued)
    return (changes, queued ?? [])
  }

  /// Reads the array; `queued` nil refuses the storage mark, as the wire has no such member.
  private static func changes(
    _ bytes: [UInt8], in range: Range<Int>?, path: String, queued: inout [Int]?
  ) throws(WireError) -> [Change] {
    var parser = JSONParser(bytes, in: range)
    parser.skipWhitespace()
    let changes = try parser.changeArray(path: path, queued: &queued)
    parser.skipWhitespace()
    guard parser.position == parser.end else {
      throw parser.failure("unexpected text after the document")
    }
    return changes
  }

  private mutating func changeArray(path: String, queued: inout [Int]?) throws(WireError)
    -> [Change]
  {
    guard position < end, bytes[position] == UInt8(ascii: "[") else {
      throw .wrongType(path: path, expected: "an array", found: kindName())
    }
    var result: [Change] = []
    let marks = queued != nil
    var marked: [Int] = []
    try forEachElement { parser throws(WireError) in
      do throws(WireError) {
        let (change, isQueued) = try parser.change(marks: marks)
        if isQueued { marked.append(result.count) }
        result.append(change)
      } catch {
        throw error.under(path + "[" + String(result.count) + "]")
      }
    }
    if marks { queued = marked }
    return result
  }

  /// One change object; errors carry paths relative to it (`WireError.under` places them).
  private mutating func change(marks: Bool) throws(WireError) -> (Change, queued: Bool) {
    guard position < end else { throw failure("unexpected end") }
    guard bytes[position] == UInt8(ascii: "{") else {
      guard Self.startsValue(bytes[position]) else { throw failure("unexpected character") }
      throw .wrongType(path: "", expected: "an object", found: kindName())
    }
    var id: String?
    var entity: String?
    var key: String?
    var field: String?
    var value: FieldValue?
    var stamp: String?
    var queued: Bool?
    try forEachMember { parser, name throws(WireError) in
      let seen: Bool
      switch name {
      case "id": seen = id != nil
      case "entity": seen = entity != nil
      case "key": seen = key != nil
      case "field": seen = field != nil
      case "stamp": seen = stamp != nil
      case "value": seen = value != nil
      case "q" where marks: seen = queued != nil
      default: throw .unknownMember(path: name)
      }
      if seen { throw parser.failure("duplicate member \"\(name)\"") }
      try parser.expectColon()
      switch name {
      case "id": id = try parser.string(name)
      case "entity": entity = try parser.string(name)
      case "key": key = try parser.string(name)
      case "field": field = try parser.string(name)
      case "stamp": stamp = try parser.string(name)
      case "value": value = try parser.scalar(".value")
      default:
        guard case .bool(let flag) = try parser.scalar(name) else {
          throw .wrongType(path: name, expected: "true or false", found: "another value")
        }
        queued = flag
      }
    }
    guard let id else { throw .missingMember(path: "id") }
    guard let entity else { throw .missingMember(path: "entity") }
    guard let key else { throw .missingMember(path: "key") }
    guard let field else { throw .missingMember(path: "field") }
    guard let value else { throw .missingMember(path: "value") }
    guard let stamp else { throw .missingMember(path: "stamp") }
    let change = try WireCodec.change(
      id: id, entity: entity, key: key, field: field, value: value, stamp: stamp, path: "")
    return (change, queued == true)
  }

  /// A member that must be a string.
  private mutating func string(_ name: String) throws(WireError) -> String {
    guard position < end, bytes[position] == UInt8(ascii: "\"") else {
      throw .wrongType(path: name, expected: "a string", found: kindName())
    }
    return try parseString()
  }

  /// A field's value, read as the tree reads it: a string, an integer JavaScript reads exactly,
  /// a boolean or null.
  private mutating func scalar(_ path: String) throws(WireError) -> FieldValue {
    guard position < end else { throw failure("unexpected end") }
    if bytes[position] == UInt8(ascii: "\"") { return .text(try parseString()) }
    return try FieldValue(json: try parseValue(depth: 1), path: path)
  }

  private static func startsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "t"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "-"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default: return false
    }
  }

  /// What the value at the current position is, for an error message.
  private func kindName() -> String {
    guard position < end else { return "nothing" }
    switch bytes[position] {
    case UInt8(ascii: "{"): return JSON.object([]).kindName
    case UInt8(ascii: "["): return JSON.array([]).kindName
    case UInt8(ascii: "\""): return JSON.string("").kindName
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return JSON.bool(true).kindName
    case UInt8(ascii: "n"): return JSON.null.kindName
    default: return JSON.number("0").kindName
    }
  }
}
