/// Writes JSON compactly with members in the order given, so the same value always produces the
/// same bytes (the golden files depend on it).
public enum JSONWriter {
  public static func write(_ value: JSON) -> String {
    var output = ""
    write(value, into: &output)
    return output
  }

  public static func write(_ value: JSON, into output: inout String) {
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): writeString(text, into: &output)
    case .array(let items):
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += "," }
        write(item, into: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        writeString(member.0, into: &output)
        output += ":"
        write(member.1, into: &output)
      }
      output += "}"
    }
  }

  /// Escapes quotes, backslashes and control characters; everything else stays UTF-8.
  public static func writeString(_ text: String, into output: inout String) {
    output += "\""
    var plainStart = text.unicodeScalars.startIndex
    var index = plainStart
    let scalars = text.unicodeScalars
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let escape: String?
      switch scalar.value {
      case 0x22: escape = "\\\""
      case 0x5C: escape = "\\\\"
      case 0x0A: escape = "\\n"
      case 0x0D: escape = "\\r"
      case 0x09: escape = "\\t"
      case 0x00..<0x20: escape = "\\u00" + hexByte(UInt8(scalar.value))
      default: escape = nil
      }
      if let escape {
        output += String(scalars[plainStart..<index])
        output += escape
        plainStart = scalars.index(after: index)
      }
      index = scalars.index(after: index)
    }
    output += String(scalars[plainStart..<scalars.endIndex])
    output += "\""
  }

  private static func hexByte(_ byte: UInt8) -> String {
    let digits: [Character] = [
      "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f",
    ]
    return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
  }
}
