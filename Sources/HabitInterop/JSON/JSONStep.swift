/// One step from a JSON document's root to a value: a member's name or an array's index. A path
/// of them finds the line an importer's error points at.
enum JSONStep: Hashable, Sendable {
  case member(String)
  case index(Int)
}

/// Finds where a value starts in a document JSONParser has already accepted, so an error about a
/// value (a bad date, an unknown habit) names its line without the parser keeping positions.
struct JSONLocator {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The byte offset where the value at `path` starts, or nil when the path is not there.
  static func offset(of path: [JSONStep], in bytes: [UInt8]) -> Int? {
    var locator = JSONLocator(bytes)
    locator.skipWhitespace()
    for step in path {
      guard locator.enter(step) else { return nil }
    }
    return locator.position
  }

  private mutating func enter(_ step: JSONStep) -> Bool {
    switch step {
    case .member(let name):
      guard take(UInt8(ascii: "{")) else { return false }
      let wanted = Array(name.utf8)
      while true {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return false }
        let start = position + 1
        skipString()
        let key = bytes[start..<(position - 1)]
        skipWhitespace()
        guard take(UInt8(ascii: ":")) else { return false }
        skipWhitespace()
        if key.elementsEqual(wanted) { return true }
        skipValue()
        skipWhitespace()
        guard take(UInt8(ascii: ",")) else { return false }
      }
    case .index(let index):
      guard take(UInt8(ascii: "[")) else { return false }
      for _ in 0..<index {
        skipWhitespace()
        skipValue()
        skipWhitespace()
        guard take(UInt8(ascii: ",")) else { return false }
      }
      skipWhitespace()
      return position < bytes.count && bytes[position] != UInt8(ascii: "]")
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  private mutating func skipWhitespace() {
    while position < bytes.count,
      bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A
        || bytes[position] == 0x0D
    {
      position += 1
    }
  }

  /// Moves past a string whose opening quote is at `position`.
  private mutating func skipString() {
    position += 1
    while position < bytes.count {
      let byte = bytes[position]
      position += byte == UInt8(ascii: "\\") ? 2 : 1
      if byte == UInt8(ascii: "\"") { return }
    }
  }

  private mutating func skipValue() {
    guard position < bytes.count else { return }
    switch bytes[position] {
    case UInt8(ascii: "\""):
      skipString()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while position < bytes.count {
        switch bytes[position] {
        case UInt8(ascii: "\""):
          skipString()
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
        default: break
        }
        position += 1
        if depth == 0 { return }
      }
    default:
      while position < bytes.count {
        switch bytes[position] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: return
        default: position += 1
        }
      }
    }
  }
}
