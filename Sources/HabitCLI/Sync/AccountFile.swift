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
    guard let read = PrivateFile.read(folder.account) else {
      if let note = SignOutNote.load(folder) { throw note.error }
      throw CLIError(
        "Not signed in. Sign in first: habit login https://your-server", code: "not_signed_in",
        exit: .unauthorized)
    }
    guard case .success(let object) = read, let server = object["server"],
      let token = object["token"]
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
    try PrivateFile.write(
      ["server": server, "email": email, "token": token, "tokenID": tokenID], to: folder.account)
    SignOutNote.remove(from: folder)
  }

  static func remove(from folder: DataFolder) {
    try? FileManager.default.removeItem(atPath: folder.account)
  }
}
