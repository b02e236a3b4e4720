/// A strict RFC 8259 parser over UTF-8 bytes: no trailing commas, no comments, no duplicate
/// member names, nesting limited so hostile input cannot exhaust the stack.
public struct JSONParser {
  public static let maximumDepth = 64

  let bytes: [UInt8]
  var position: Int
  /// Where the text ends: the bytes' end, or a line's within them.
  let end: Int

  init(_ bytes: [UInt8], in range: Range<Int>? = nil) {
    self.bytes = bytes
    position = range?.lowerBound ?? 0
    end = range?.upperBound ?? bytes.count
  }

  public static func parse(_ text: String) throws(WireError) -> JSON {
    try parse(Array(text.utf8))
  }

  public static func parse(_ bytes: [UInt8]) throws(WireError) -> JSON {
    var parser = JSONParser(bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.position == parser.end else {
      throw parser.failure("unexpected text after the document")
    }
    return value
  }

  func failure(_ reason: String) -> WireError {
    .malformed(offset: position, reason: reason)
  }

  mutating func skipWhitespace() {
    while position < end {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  mutating func parseValue(depth: Int) throws(WireError) -> JSON {
    guard depth < Self.maximumDepth else {
      throw failure("nesting deeper than \(Self.maximumDepth)")
    }
    guard position < end else { throw failure("unexpected end") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw failure("unexpected character")
    }
  }

  mutating func expectWord(_ word: StaticString) throws(WireError) {
    let count = word.utf8CodeUnitCount
    guard position + count <= end else { throw failure("unexpected end") }
    let pointer = word.utf8Start
    for index in 0..<count where bytes[position + index] != pointer[index] {
      throw failure("unexpected character")
    }
    position += count
  }

  private mutating func parseObject(depth: Int) throws(WireError) -> JSON {
    var members: [(String, JSON)] = []
    // Most objects have a few members: comparing against them is cheaper than a hash table per
    // object (a stored replica holds a hundred thousand objects); large ones get one.
    var names: Set<String>? = nil
    try forEachMember { parser, name throws(WireError) in
      if Self.isDuplicate(name, among: members, names: &names) {
        throw parser.failure("duplicate member \"\(name)\"")
      }
      try parser.expectColon()
      members.append((name, try parser.parseValue(depth: depth + 1)))
    }
    return .object(members)
  }

  /// Walks an object from its `{`: for each member, `body` gets the parser at the member's
  /// name's end and must read the `:` and the value.
  mutating func forEachMember(_ body: (inout JSONParser, String) throws(WireError) -> Void)
    throws(WireError)
  {
    position += 1
    skipWhitespace()
    if position < end && bytes[position] == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      skipWhitespace()
      guard position < end, bytes[position] == UInt8(ascii: "\"") else {
        throw failure("expected a member name")
      }
      let name = try parseString()
      try body(&self, name)
      guard try endOfItem(closing: UInt8(ascii: "}"), "expected ',' or '}'") else { continue }
      return
    }
  }

  /// Walks an array from its `[`, calling `body` at each element's start.
  mutating func forEachElement(_ body: (inout JSONParser) throws(WireError) -> Void)
    throws(WireError)
  {
    position += 1
    skipWhitespace()
    if position < end && bytes[position] == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      skipWhitespace()
      try body(&self)
      guard try endOfItem(closing: UInt8(ascii: "]"), "expected ',' or ']'") else { continue }
      return
    }
  }

  /// After a member or element: true at the closing bracket (read), false after a comma.
  private mutating func endOfItem(closing: UInt8, _ expected: String) throws(WireError) -> Bool {
    skipWhitespace()
    guard position < end else { throw failure("unexpected end") }
    if bytes[position] == UInt8(ascii: ",") {
      position += 1
      return false
    }
    guard bytes[position] == closing else { throw failure(expected) }
    position += 1
    return true
  }

  /// The `:` between a member's name and its value, and the space around it.
  mutating func expectColon() throws(WireError) {
    skipWhitespace()
    guard position < end, bytes[position] == UInt8(ascii: ":") else {
      throw failure("expected ':'")
    }
    position += 1
    skipWhitespace()
  }

  /// Whether `name` is already among `members`; past `linearLimit` members the names are
  /// hashed so a hostile object with thousands of members stays linear.
  private static func isDuplicate(
    _ name: String, among members: [(String, JSON)], names: inout Set<String>?
  ) -> Bool {
    if names == nil {
      if members.count < linearLimit {
        return members.contains { $0.0 == name }
      }
      names = Set(members.map { $0.0 })
    }
    return !names!.insert(name).inserted
  }

  private static let linearLimit = 16

  private mutating func parseArray(depth: Int) throws(WireError) -> JSON {
    var items: [JSON] = []
    try forEachElement { parser throws(WireError) in
      items.append(try parser.parseValue(depth: depth + 1))
    }
    return .array(items)
  }

  mutating func parseNumber() throws(WireError) -> String {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < end, isDigit(bytes[position]) else { throw failure("bad number") }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
    } else {
      while position < end && isDigit(bytes[position]) { position += 1 }
    }
    if position < end && bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < end, isDigit(bytes[position]) else { throw failure("bad number") }
      while position < end && isDigit(bytes[position]) { position += 1 }
    }
    if position < end
      && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E"))
    {
      position += 1
      if position < end
        && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
      {
        position += 1
      }
      guard position < end, isDigit(bytes[position]) else { throw failure("bad number") }
      while position < end && isDigit(bytes[position]) { position += 1 }
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  mutating func parseString() throws(WireError) -> String {
    position += 1
    // Most strings have no escapes: read them straight from the input, with no buffer.
    let start = position
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        guard let text = String(validating: bytes[start..<position - 1], as: UTF8.self) else {
          throw failure("a string is not valid UTF-8")
        }
        return text
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      position += 1
    }
    var buffer = Array(bytes[start..<position])
    while position < end {
      let byte = bytes[position]
      position += 1
      if byte == UInt8(ascii: "\"") {
        guard let text = String(validating: buffer, as: UTF8.self) else {
          throw failure("a string is not valid UTF-8")
        }
        return text
      }
      if byte < 0x20 { throw failure("control character in a string") }
      guard byte == UInt8(ascii: "\\") else {
        buffer.append(byte)
        continue
      }
      guard position < end else { throw failure("unexpected end") }
      let escape = bytes[position]
      position += 1
      switch escape {
      case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
      case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
      case UInt8(ascii: "b"): buffer.append(0x08)
      case UInt8(ascii: "f"): buffer.append(0x0C)
      case UInt8(ascii: "n"): buffer.append(0x0A)
      case UInt8(ascii: "r"): buffer.append(0x0D)
      case UInt8(ascii: "t"): buffer.append(0x09)
      case UInt8(ascii: "u"):
        var code = try parseHex4()
        if (0xD800...0xDBFF).contains(code) {
          guard position + 1 < end, bytes[position] == UInt8(ascii: "\\"),
            bytes[position + 1] == UInt8(ascii: "u")
          else { throw failure("lone surrogate") }
          position += 2
          let low = try parseHex4()
          guard (0xDC00...0xDFFF).contains(low) else { throw failure("lone surrogate") }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(code) {
          throw failure("lone surrogate")
        }
        guard let scalar = Unicode.Scalar(code) else { throw failure("bad escape") }
        buffer.append(contentsOf: UTF8.encode(scalar)!)
      default:
        throw failure("bad escape")
      }
    }
    throw failure("unterminated string")
  }

  private mutating func parseHex4() throws(WireError) -> UInt32 {
    guard position + 4 <= end else { throw failure("unexpected end") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure("bad \\u escape")
      }
      value = value * 16 + digit
      position += 1
    }
    return value
  }
}
