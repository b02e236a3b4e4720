/// Why a wire document was refused, naming the place in it, so a client (or a person reading a
/// log) can see what to fix. Nothing from a refused document is applied.
public enum WireError: Error, Hashable, Sendable {
  /// Not JSON at all: what went wrong and the byte offset where it was noticed.
  case malformed(offset: Int, reason: String)
  case tooLarge(limit: Int)
  case missingMember(path: String)
  case unknownMember(path: String)
  case wrongType(path: String, expected: String, found: String)
  case invalidValue(path: String, reason: String)

  public var message: String {
    switch self {
    case .malformed(let offset, let reason):
      return "The request is not valid JSON (\(reason) at byte \(offset))."
    case .tooLarge(let limit):
      return "The document is larger than \(limit) bytes."
    case .missingMember(let path):
      return "\(path) is missing."
    case .unknownMember(let path):
      return "\(path) is not a known field."
    case .wrongType(let path, let expected, let found):
      return "\(path) must be \(expected), not \(found)."
    case .invalidValue(let path, let reason):
      return "\(path) is invalid: \(reason)."
    }
  }

  /// The same error for a value read without its path, placed at `prefix`.
  func under(_ prefix: String) -> WireError {
    func joined(_ path: String) -> String {
      if path.isEmpty { return prefix }
      if path.hasPrefix(".") || path.hasPrefix("[") { return prefix + path }
      return prefix + "." + path
    }
    switch self {
    case .malformed, .tooLarge: return self
    case .missingMember(let path): return .missingMember(path: joined(path))
    case .unknownMember(let path): return .unknownMember(path: joined(path))
    case .wrongType(let path, let expected, let found):
      return .wrongType(path: joined(path), expected: expected, found: found)
    case .invalidValue(let path, let reason):
      return .invalidValue(path: joined(path), reason: reason)
    }
  }

  /// A short machine-readable code for API error bodies.
  public var code: String {
    switch self {
    case .malformed: return "malformed_json"
    case .tooLarge: return "too_large"
    case .missingMember: return "missing_field"
    case .unknownMember: return "unknown_field"
    case .wrongType: return "wrong_type"
    case .invalidValue: return "invalid_value"
    }
  }
}
