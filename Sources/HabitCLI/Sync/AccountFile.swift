import Foundation

/// The sign-in this replica syncs with: the server and a personal API token (never the
/// password), in a file only its owner can read (mode 0600).
struct AccountFile: Hashable, Sendable {
  var server: String
  var email: String
  var token: String
  /// The token's public id, to revoke it on `habit logout`.
  var tokenID: String

  static func exists(in folder: DataFolder) -> Bool {
    FileManager.default.fileExists(atPath: folder.account)
  }

  static func load(_ folder: DataFolder) throws(CLIError) -> AccountFile {
    guard let data = FileManager.default.contents(atPath: folder.account) else {
      throw CLIError(
        "Not signed in. Sign in first: habit login https://your-server", code: "not_signed_in",
        exit: .unauthorized)
    }
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: String],
      let server = object["server"], let token = object["token"]
    else {
      throw CLIError(
        "\(folder.account) is damaged. Sign in again: habit login https://your-server",
        code: "not_signed_in", exit: .unauthorized)
    }
    return AccountFile(
      server: server, email: object["email"] ?? "", token: token, tokenID: object["tokenID"] ?? "")
  }

  func save(in folder: DataFolder) throws(CLIError) {
    try folder.create()
    let object = ["server": server, "email": email, "token": token, "tokenID": tokenID]
    let temporary = folder.account + ".tmp"
    do {
      let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
      guard
        FileManager.default.createFile(
          atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
      else { throw CocoaError(.fileWriteUnknown) }
      chmod(temporary, 0o600)
      guard rename(temporary, folder.account) == 0 else { throw CocoaError(.fileWriteUnknown) }
    } catch {
      throw CLIError(
        "Could not save the sign-in to \(folder.account).", code: "data_folder", exit: .failure)
    }
  }

  static func remove(from folder: DataFolder) {
    try? FileManager.default.removeItem(atPath: folder.account)
  }
}
