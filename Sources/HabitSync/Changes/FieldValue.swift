/// The value one field holds. Numbers are integers (amounts are thousandths) so every device
/// and database agrees on them exactly.
public enum FieldValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case text(String)

  public var json: JSON {
    switch self {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .int(let number): return .integer(number)
    case .text(let text): return .string(text)
    }
  }

  public init(json: JSON, path: String) throws(WireError) {
    switch json {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .number: self = .int(try JSONObjectReader.integer(json, path: path))
    case .string(let text): self = .text(text)
    case .array, .object:
      throw .wrongType(
        path: path, expected: "a string, integer, boolean or null", found: json.kindName)
    }
  }

  /// The value as stored in a database column: its JSON text.
  public var storageText: String { JSONWriter.write(json) }

  public init(storageText: String) throws(WireError) {
    try self.init(json: try JSONParser.parse(storageText), path: "value")
  }

  public var text: String? {
    if case .text(let text) = self { return text }
    return nil
  }

  public var int: Int64? {
    if case .int(let number) = self { return number }
    return nil
  }

  public var bool: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }
}
