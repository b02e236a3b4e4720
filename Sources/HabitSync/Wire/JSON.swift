/// A JSON document as parsed: numbers keep their text so integers stay exact and nothing depends
/// on floating-point formatting (which Embedded Swift lacks).
public enum JSON: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSON])
  /// Members in document order; duplicate names are refused by the parser.
  case object([(String, JSON)])

  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      for index in 0..<a.count where a[index].0 != b[index].0 || a[index].1 != b[index].1 {
        return false
      }
      return true
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .number(let text): hasher.combine(text)
    case .string(let text): hasher.combine(text)
    case .array(let items): hasher.combine(items)
    case .object(let members):
      for (name, value) in members {
        hasher.combine(name)
        hasher.combine(value)
      }
    }
  }

  public static func integer(_ value: Int64) -> JSON { .number(String(value)) }

  public static func integer(_ value: Int) -> JSON { .number(String(value)) }

  /// What kind of value this is, for error messages.
  public var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
