public import HabitSync

/// A JSON file under import: parsed once with HabitSync's strict parser, keeping the bytes so an
/// error can name the line of the value it concerns.
struct JSONFile {
  let name: String
  let bytes: [UInt8]
  let root: JSON

  init(_ file: ImportFile) throws(ImportError) {
    name = file.path
    bytes = file.bytes
    do {
      root = try JSONParser.parse(file.bytes)
    } catch {
      guard case .malformed(let offset, let reason) = error else {
        throw ImportError(file: file.path, message: error.message)
      }
      let ending = offset >= file.bytes.count ? " (the file ends too early)" : ""
      throw ImportError(
        file: file.path, line: Self.line(at: offset, in: file.bytes),
        message: "This is not valid JSON: " + reason + ending + ".")
    }
  }

  /// 1-based line of a byte offset.
  static func line(at offset: Int, in bytes: [UInt8]) -> Int {
    var line = 1
    for byte in bytes[..<min(offset, bytes.count)] where byte == 0x0A { line += 1 }
    return line
  }

  /// An error about the value at `path`, on that value's line.
  func failure(_ message: String, at path: [JSONStep]) -> ImportError {
    let line = JSONLocator.offset(of: path, in: bytes).map { Self.line(at: $0, in: bytes) }
    return ImportError(file: name, line: line, message: message)
  }

  /// `habits[2].records[5].day`, as messages name a value.
  static func text(_ path: [JSONStep]) -> String {
    var text = ""
    for step in path {
      switch step {
      case .member(let name): text += (text.isEmpty ? "" : ".") + name
      case .index(let index): text += "[" + String(index) + "]"
      }
    }
    return text
  }

  /// The root as an object.
  func rootFields() throws(ImportError) -> JSONFields {
    try JSONFields(root, file: self, path: [])
  }
}
