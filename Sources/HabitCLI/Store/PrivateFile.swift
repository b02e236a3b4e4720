import Foundation

/// A small JSON object of strings in the data folder that only its owner may read (mode 0600),
/// replaced whole by a rename so a reader never sees half of it.
enum PrivateFile {
  /// The object at `path`: nil when there is no file, a failure when it holds something else.
  static func read(_ path: String) -> Result<[String: String], CLIError>? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: String] else {
      return .failure(CLIError("\(path) is damaged.", code: "data_folder", exit: .failure))
    }
    return .success(object)
  }

  static func write(_ object: [String: String], to path: String) throws(CLIError) {
    let temporary = path + ".tmp"
    do {
      let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
      guard
        FileManager.default.createFile(
          atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
      else { throw CocoaError(.fileWriteUnknown) }
      chmod(temporary, 0o600)
      guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    } catch {
      throw CLIError("Could not save \(path).", code: "data_folder", exit: .failure)
    }
  }
}
