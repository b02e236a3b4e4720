public import HabitSync

/// Writes JSON a person can read and a diff can compare: every array and object on its own lines,
/// except an object of plain values (an entry, a category), which keeps one line. Error messages
/// then point at the line of the record they concern.
enum JSONLayout {
  static func write(_ value: JSON) -> String {
    var output = ""
    write(value, indent: "", into: &output)
    output += "\n"
    return output
  }

  private static func isFlat(_ value: JSON) -> Bool {
    switch value {
    case .array(let items): return items.isEmpty
    case .object(let members):
      return members.allSatisfy { member in
        switch member.1 {
        case .array(let items): return items.isEmpty
        case .object(let inner): return inner.isEmpty
        default: return true
        }
      }
    default: return true
    }
  }

  private static func write(_ value: JSON, indent: String, into output: inout String) {
    if isFlat(value) {
      JSONWriter.write(value, into: &output)
      return
    }
    let inner = indent + "  "
    switch value {
    case .array(let items):
      output += "[\n"
      for (index, item) in items.enumerated() {
        output += inner
        write(item, indent: inner, into: &output)
        output += index + 1 < items.count ? ",\n" : "\n"
      }
      output += indent + "]"
    case .object(let members):
      output += "{\n"
      for (index, member) in members.enumerated() {
        output += inner
        JSONWriter.writeString(member.0, into: &output)
        output += ": "
        write(member.1, indent: inner, into: &output)
        output += index + 1 < members.count ? ",\n" : "\n"
      }
      output += indent + "}"
    default:
      JSONWriter.write(value, into: &output)
    }
  }
}
