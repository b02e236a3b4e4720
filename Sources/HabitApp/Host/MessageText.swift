public import HabitSync

/// A message between the shell and a module: JSON on its first line, then its large members
/// (a stored replica's field states and outbox, an import's changes), each on a line of its own
/// in the order the message's `lines` names them. Those are read by `JSONParser.changes`, never
/// built as a JSON tree: that took the web app seconds for a replica with years of history.
public struct MessageText {
  public let json: JSON
  /// The large members by name, as UTF-8.
  private let lines: [(name: String, bytes: [UInt8])]

  public init(_ text: String) throws(WireError) {
    var text = text
    let pieces = text.withUTF8 { utf8 -> [[UInt8]] in
      var pieces: [[UInt8]] = []
      var start = 0
      for index in utf8.indices where utf8[index] == UInt8(ascii: "\n") {
        pieces.append(Array(utf8[start..<index]))
        start = index + 1
      }
      pieces.append(Array(utf8[start...]))
      return pieces
    }
    // A message that names no lines is JSON, whatever whitespace it holds.
    guard pieces.count > 1, let head = try? JSONParser.parse(pieces[0]),
      case .object(let members) = head, let named = members.first(where: { $0.0 == "lines" })
    else {
      json = try JSONParser.parse(text)
      lines = []
      return
    }
    guard case .array(let items) = named.1 else {
      throw .wrongType(path: "message.lines", expected: "an array", found: named.1.kindName)
    }
    var names: [String] = []
    for item in items { names.append(try JSONObjectReader.string(item, path: "message.lines")) }
    guard names.count == pieces.count - 1 else {
      throw .invalidValue(
        path: "message.lines", reason: "the message has other lines than it names")
    }
    json = head
    var lines: [(name: String, bytes: [UInt8])] = []
    for (index, name) in names.enumerated() { lines.append((name, pieces[index + 1])) }
    self.lines = lines
  }

  private init(json: JSON, lines: [(name: String, bytes: [UInt8])]) {
    self.json = json
    self.lines = lines
  }

  /// A message with no lines.
  static var none: MessageText { MessageText(json: .null, lines: []) }

  /// The changes on the line named `name`, or else in the member of that name that `object`
  /// reads.
  public func changes(_ name: String, or object: inout JSONObjectReader, path: String)
    throws(WireError) -> [Change]
  {
    for line in lines where line.name == name {
      return try JSONParser.changes(line.bytes, path: path)
    }
    return try WireCodec.changes(try object.array(name), path: path)
  }

  /// A stored replica's field states on the line named `name` (or in the member `object`
  /// reads), with the positions of those marked as also queued in the outbox.
  public func storedChanges(_ name: String, or object: inout JSONObjectReader, path: String)
    throws(WireError) -> (changes: [Change], queued: [Int])
  {
    for line in lines where line.name == name {
      return try JSONParser.storedChanges(line.bytes, path: path)
    }
    return (try WireCodec.changes(try object.array(name), path: path), [])
  }

  /// Writes a message: `json`'s members with `lines` naming the large members that follow it.
  public static func write(_ members: [(String, JSON)], lines: [(String, String)]) -> String {
    var output = Array(
      JSONWriter.write(.object(members + [("lines", .array(lines.map { .string($0.0) }))])).utf8)
    for (_, text) in lines {
      output.append(UInt8(ascii: "\n"))
      output.append(contentsOf: text.utf8)
    }
    return String(decoding: output, as: UTF8.self)
  }
}
