import HabitSync

/// Reading the server's and the app's JSON answers in a line.
extension JSON {
  subscript(_ name: String) -> JSON {
    if case .object(let members) = self { return members.first { $0.0 == name }?.1 ?? .null }
    return .null
  }

  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  var bool: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  var int: Int? {
    if case .number(let text) = self { return Int(text) }
    return nil
  }

  var array: [JSON] {
    if case .array(let items) = self { return items }
    return []
  }
}
