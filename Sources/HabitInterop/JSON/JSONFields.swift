public import HabitCore
public import HabitSync

/// One object of a JSON file, read member by member; every refusal names the file, the line and
/// the member's path. A null member reads as absent, as the trackers that write these files mean.
struct JSONFields {
  let file: JSONFile
  let path: [JSONStep]
  private let members: [(String, JSON)]
  private var used: Set<String> = []

  init(_ value: JSON, file: JSONFile, path: [JSONStep]) throws(ImportError) {
    guard case .object(let members) = value else {
      throw file.failure(
        Self.describe(path) + " must be an object, not " + value.kindName + ".", at: path)
    }
    self.file = file
    self.path = path
    self.members = members
  }

  private static func describe(_ path: [JSONStep]) -> String {
    path.isEmpty ? "The file" : JSONFile.text(path)
  }

  /// An error about the member `name` (or the object itself), on its line.
  func failure(_ message: String, member name: String? = nil) -> ImportError {
    let target = name.map { path + [.member($0)] } ?? path
    return file.failure(JSONFile.text(target) + ": " + message, at: target)
  }

  mutating func value(_ name: String) -> JSON? {
    used.insert(name)
    for member in members where member.0 == name {
      if case .null = member.1 { return nil }
      return member.1
    }
    return nil
  }

  private func wrongType(_ name: String, _ expected: String, _ found: JSON) -> ImportError {
    failure("must be " + expected + ", not " + found.kindName + ".", member: name)
  }

  mutating func string(_ name: String) throws(ImportError) -> String? {
    guard let value = value(name) else { return nil }
    guard case .string(let text) = value else { throw wrongType(name, "a string", value) }
    return text
  }

  mutating func requiredString(_ name: String) throws(ImportError) -> String {
    guard let text = try string(name) else { throw failure("is missing.", member: name) }
    return text
  }

  mutating func bool(_ name: String) throws(ImportError) -> Bool? {
    guard let value = value(name) else { return nil }
    guard case .bool(let flag) = value else { throw wrongType(name, "true or false", value) }
    return flag
  }

  /// A number's text as written (integers stay exact).
  mutating func number(_ name: String) throws(ImportError) -> String? {
    guard let value = value(name) else { return nil }
    guard case .number(let text) = value else { throw wrongType(name, "a number", value) }
    return text
  }

  mutating func integer(_ name: String) throws(ImportError) -> Int? {
    guard let text = try number(name) else { return nil }
    guard let number = Int(text) else {
      throw failure(text + " is not a whole number.", member: name)
    }
    return number
  }

  /// A whole number that may pass 32 bits (an ARGB colour), on every platform wasm32 included.
  mutating func wideInteger(_ name: String) throws(ImportError) -> Int64? {
    guard let text = try number(name) else { return nil }
    guard let number = Int64(text) else {
      throw failure(text + " is not a whole number.", member: name)
    }
    return number
  }

  mutating func requiredInteger(_ name: String) throws(ImportError) -> Int {
    guard let number = try integer(name) else { throw failure("is missing.", member: name) }
    return number
  }

  /// A number in thousandths, rounded to the nearest thousandth.
  mutating func amount(_ name: String) throws(ImportError) -> Amount? {
    guard let text = try number(name) else { return nil }
    guard let amount = JSONAmount.rounded(text) else {
      throw failure(text + " is out of range.", member: name)
    }
    return amount
  }

  /// A day written `yyyy-MM-dd`; a date that does not exist (2021-02-30) is refused.
  mutating func day(_ name: String) throws(ImportError) -> Day {
    let text = try requiredString(name)
    guard let day = Day(iso: text) else {
      throw failure(text + " is not a date (yyyy-MM-dd, and the day must exist).", member: name)
    }
    return day
  }

  /// The objects of an array member, each with its path.
  mutating func objects(_ name: String) throws(ImportError) -> [JSONFields] {
    guard let value = value(name) else { return [] }
    guard case .array(let items) = value else { throw wrongType(name, "an array", value) }
    var result: [JSONFields] = []
    result.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      result.append(try JSONFields(item, file: file, path: path + [.member(name), .index(index)]))
    }
    return result
  }

  mutating func requiredObjects(_ name: String) throws(ImportError) -> [JSONFields] {
    guard case .array = value(name) else {
      if let value = value(name) { throw wrongType(name, "an array", value) }
      throw failure("is missing.", member: name)
    }
    return try objects(name)
  }

  mutating func object(_ name: String) throws(ImportError) -> JSONFields? {
    guard let value = value(name) else { return nil }
    return try JSONFields(value, file: file, path: path + [.member(name)])
  }

  /// The strings of an array member.
  mutating func strings(_ name: String) throws(ImportError) -> [String] {
    guard let value = value(name) else { return [] }
    guard case .array(let items) = value else { throw wrongType(name, "an array", value) }
    var result: [String] = []
    for (index, item) in items.enumerated() {
      guard case .string(let text) = item else {
        throw file.failure(
          JSONFile.text(path + [.member(name), .index(index)]) + " must be a string.",
          at: path + [.member(name), .index(index)])
      }
      result.append(text)
    }
    return result
  }

  /// Refuses members nobody read, for formats HabitFlow defines itself.
  func finish() throws(ImportError) {
    for member in members where !used.contains(member.0) {
      throw failure("is not a known field.", member: member.0)
    }
  }
}
