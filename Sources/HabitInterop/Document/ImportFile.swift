/// One file of an upload as the importers read it: a zip's member or a file chosen on its own,
/// with its path (folders matter: Loop writes `001 Meditate/Checkmarks.csv`).
public struct ImportFile: Hashable, Sendable {
  public var path: String
  public var bytes: [UInt8]

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  /// The name after the last slash.
  public var name: String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[path.utf8.index(after: slash)...])
  }

  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }
}
