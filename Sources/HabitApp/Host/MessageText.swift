public import HabitSync

/// A message between the shell and a module: JSON on its first line, then its large members
/// (a stored replica's field states and outbox), each on a line of its own
/// in the order the message's `lines` names them. Those are read by `JSONParser.changes`, never
/// built as a JSON tree: that took the web app seconds for a replica with years of history.
public struct MessageText {
  public let json: JSON
  /// The message's bytes, and the names and places of its large members among them.
  private let bytes: [UInt8]
  private let names: [String]
  private let ranges: [Range<Int>]

  public init(_ text: String) throws(WireError) {
    bytes = Array(text.utf8)
    var breaks: [Int] = []
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") { breaks.append(index) }
    // A message that names no lines is JSON, whatever whitespace it holds.
    guard let first = breaks.first,
      case .object(let members) = try? JSONParser.parse(Array(bytes[..<first])),
      let named = members.first(where: { $0.0 == "lines" })
    else {
      json = try JSONParser.parse(bytes)
      names = []
      ranges = []
      return
    }
    guard case .array(let items) = named.1 else {
      throw .wrongType(path: "message.lines", expected: "an array", found: named.1.kindName)
    }
    var names: [String] = []
    for item in items { names.append(try JSONObjectReader.string(item, path: "message.lines")) }
    guard names.count == breaks.count else {
      throw .invalidValue(
        path: "message.lines", reason: "the message has other lines than it names")
    }
    var ranges: [Range<Int>] = []
    for (index, start) in breaks.enumerated() {
      ranges.append((start + 1)..<(index + 1 < breaks.count ? breaks[index + 1] : bytes.count))
    }
    json = .object(members)
    self.names = names
    self.ranges = ranges
  }

  private init(json: JSON) {
    self.json = json
    bytes = []
    names = []
    ranges = []
  }

  /// A message with no lines.
  static var none: MessageText { MessageText(json: .null) }

  /// The changes on the line named `name`, or else in the member of that name that `object`
  /// reads.
  public func changes(_ name: String, or object: inout JSONObjectReader, path: String)
    throws(WireError) -> [Change]
  {
    guard let index = names.firstIndex(of: name) else {
      return try WireCodec.changes(try object.array(name), path: path)
    }
    if let reader = lineReader {
      return try reader.changes(bytes, ranges[index], path)
    }
    return try WireCodec.changes(try items(ranges[index], path: path), path: path)
  }

  /// A stored replica's field states on the line named `name` (or in the member `object`
  /// reads), with the positions of those marked as also queued in the outbox (`"q":true`).
  public func storedChanges(_ name: String, or object: inout JSONObjectReader, path: String)
    throws(WireError) -> (changes: [Change], queued: [Int])
  {
    guard let index = names.firstIndex(of: name) else {
      return (try WireCodec.changes(try object.array(name), path: path), [])
    }
    if let reader = lineReader {
      return try reader.stored(bytes, ranges[index], path)
    }
    var items = try items(ranges[index], path: path)
    var queued: [Int] = []
    for position in items.indices {
      guard case .object(var members) = items[position],
        let mark = members.firstIndex(where: { $0.0 == "q" })
      else { continue }
      guard members[mark].1 == .bool(true) else {
        throw .wrongType(
          path: path + "[" + String(position) + "].q", expected: "true",
          found: members[mark].1.kindName)
      }
      members.remove(at: mark)
      items[position] = .object(members)
      queued.append(position)
    }
    return (try WireCodec.changes(items, path: path), queued)
  }

  /// A line's JSON array, read as a tree.
  private func items(_ range: Range<Int>, path: String) throws(WireError) -> [JSON] {
    guard case .array(let items) = try JSONParser.parse(Array(bytes[range])) else {
      throw .wrongType(path: path, expected: "an array", found: "another value")
    }
    return items
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

/// How a module reads its messages' lines of changes. The first-load module reads them as JSON
/// trees (`JSONParser.changes`, which reads them straight from the bytes, costs it kilobytes
/// of its budget); the module loaded on demand, which is the whole app, sets this.
public struct LineReader: Sendable {
  public var changes: @Sendable ([UInt8], Range<Int>, String) throws(WireError) -> [Change]
  public var stored:
    @Sendable ([UInt8], Range<Int>, String) throws(WireError) -> (changes: [Change], queued: [Int])

  /// `JSONParser`'s direct reader.
  public static let direct = LineReader(
    changes: { bytes, range, path throws(WireError) in
      try JSONParser.changes(bytes, in: range, path: path)
    },
    stored: { bytes, range, path throws(WireError) in
      try JSONParser.storedChanges(bytes, in: range, path: path)
    })
}

/// The line reader this module has: nil in the first-load module.
nonisolated(unsafe) public var lineReader: LineReader?
