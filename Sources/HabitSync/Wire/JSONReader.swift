public import HabitCore

/// Reads one JSON object member by member, keeping the path for error messages and refusing
/// members nobody asked for.
public struct JSONObjectReader {
  public let path: String
  private let members: [(String, JSON)]
  /// Which members were read, by position: a bit each for the first 64, a list past them
  /// (reading a hundred thousand stored changes must not build a hash table per object).
  private var used: UInt64 = 0
  private var usedBeyond: [Int] = []

  public init(_ value: JSON, path: String) throws(WireError) {
    guard case .object(let members) = value else {
      throw .wrongType(path: path, expected: "an object", found: value.kindName)
    }
    self.path = path
    self.members = members
  }

  private func memberPath(_ name: String) -> String {
    path.isEmpty ? name : path + "." + name
  }

  public mutating func optional(_ name: String) -> JSON? {
    for index in members.indices where members[index].0 == name {
      markUsed(index)
      return members[index].1
    }
    return nil
  }

  private mutating func markUsed(_ index: Int) {
    if index < 64 {
      used |= 1 << UInt64(index)
    } else {
      usedBeyond.append(index)
    }
  }

  private func isUsed(_ index: Int) -> Bool {
    index < 64 ? used & (1 << UInt64(index)) != 0 : usedBeyond.contains(index)
  }

  public mutating func required(_ name: String) throws(WireError) -> JSON {
    guard let value = optional(name) else { throw .missingMember(path: memberPath(name)) }
    return value
  }

  public mutating func string(_ name: String) throws(WireError) -> String {
    let value = try required(name)
    guard case .string(let text) = value else {
      throw .wrongType(path: memberPath(name), expected: "a string", found: value.kindName)
    }
    return text
  }

  public mutating func integer(_ name: String) throws(WireError) -> Int64 {
    let value = try required(name)
    // The path is only spelled out for an error.
    if let number = Self.wholeNumber(value) { return number }
    return try Self.integer(value, path: memberPath(name))
  }

  public mutating func bool(_ name: String) throws(WireError) -> Bool {
    let value = try required(name)
    guard case .bool(let flag) = value else {
      throw .wrongType(path: memberPath(name), expected: "true or false", found: value.kindName)
    }
    return flag
  }

  public mutating func array(_ name: String) throws(WireError) -> [JSON] {
    let value = try required(name)
    guard case .array(let items) = value else {
      throw .wrongType(path: memberPath(name), expected: "an array", found: value.kindName)
    }
    return items
  }

  /// Fails if the object had members that were never read.
  public func finish() throws(WireError) {
    for index in members.indices where !isUsed(index) {
      throw .unknownMember(path: memberPath(members[index].0))
    }
  }

  /// An integer that fits in 53 bits (what JavaScript reads exactly).
  public static func integer(_ value: JSON, path: String) throws(WireError) -> Int64 {
    if let number = wholeNumber(value) { return number }
    guard case .number(let text) = value else {
      throw .wrongType(path: path, expected: "an integer", found: value.kindName)
    }
    throw .invalidValue(path: path, reason: "\(text) is not a whole number in range")
  }

  /// The value as an integer JavaScript reads exactly, or nil.
  private static func wholeNumber(_ value: JSON) -> Int64? {
    guard case .number(let text) = value, let number = Int64(text),
      number.magnitude <= 9_007_199_254_740_991
    else { return nil }
    return number
  }
}

extension JSONObjectReader {
  /// A string value, or the error naming `path`.
  public static func string(_ value: JSON, path: String) throws(WireError) -> String {
    guard case .string(let text) = value else {
      throw .wrongType(path: path, expected: "a string", found: value.kindName)
    }
    return text
  }

  /// A day written `yyyy-MM-dd`, or the error naming `path`.
  public static func day(_ value: JSON, path: String) throws(WireError) -> Day {
    guard let day = Day(iso: try string(value, path: path)) else {
      throw .invalidValue(path: path, reason: "use a date written yyyy-MM-dd")
    }
    return day
  }
}
