/// Tells the JSON exports apart by the member names only one of them writes, without parsing
/// the whole file twice.
enum JSONSniffer {
  /// Whether the file's first character (after spaces and a byte order mark) opens an object.
  static func isObject(_ bytes: [UInt8]) -> Bool {
    for byte in bytes {
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF: continue
      default: return byte == UInt8(ascii: "{")
      }
    }
    return false
  }

  /// The format whose marks the JSON carries, or nil when it carries none of them.
  static func format(_ bytes: [UInt8]) -> ImportFormat? {
    if contains(bytes, "\"habitflow-backup\"") { return .backup }
    if ["\"record_date\"", "\"freq_type\"", "\"daily_goal\""].contains(where: {
      contains(bytes, $0)
    }) {
      return .tableHabit
    }
    if contains(bytes, "\"habits\"") { return .beaver }
    return nil
  }

  /// Whether `text` occurs in `bytes`.
  static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let pattern = Array(text.utf8)
    guard let first = pattern.first, pattern.count <= bytes.count else { return false }
    var index = 0
    let last = bytes.count - pattern.count
    while index <= last {
      if bytes[index] == first && bytes[index..<index + pattern.count].elementsEqual(pattern) {
        return true
      }
      index += 1
    }
    return false
  }
}
