import Foundation

/// Why the server signed this folder out (the account was deleted, the password changed, …),
/// kept until the person signs in again, so every later command says it instead of a bare
/// "not signed in". The local data stays: nothing unsynced is lost.
struct SignOutNote: Hashable, Sendable {
  /// The server's `error.code`.
  var reason: String
  var server: String
  var email: String

  /// The codes the server answers for a token it ended on purpose.
  static let reasons: Set<String> = [
    "password_changed", "signed_out_everywhere", "token_revoked", "account_deleted",
  ]

  var sentence: String {
    let login = "`habit login \(server)`"
    switch reason {
    case "account_deleted":
      return
        "This account (\(email)) was deleted on another device, so you are signed out. The habits here stay only on this computer; sign in to another account with \(login), or remove the data folder."
    case "password_changed":
      return
        "Your password was changed on another device: sign in again with \(login). Nothing unsynced was lost; it syncs after you sign in."
    case "signed_out_everywhere":
      return
        "You signed out everywhere from another device: sign in again with \(login). Nothing unsynced was lost; it syncs after you sign in."
    default:
      return
        "This computer's token was revoked: sign in again with \(login). Nothing unsynced was lost; it syncs after you sign in."
    }
  }

  var error: CLIError { CLIError(sentence, code: reason, exit: .unauthorized) }

  /// `error` as it should reach the person: when the server ended the token on purpose, the
  /// folder is signed out (its data kept) and the reason noted for later commands.
  static func signingOut(
    after error: CLIError, account: AccountFile, in folder: DataFolder
  ) -> CLIError {
    guard error.exit == .unauthorized, reasons.contains(error.code) else { return error }
    let note = SignOutNote(reason: error.code, server: account.server, email: account.email)
    try? PrivateFile.write(
      ["reason": note.reason, "server": note.server, "email": note.email], to: folder.signedOut)
    AccountFile.remove(from: folder)
    return note.error
  }

  static func load(_ folder: DataFolder) -> SignOutNote? {
    guard case .success(let object)? = PrivateFile.read(folder.signedOut),
      let reason = object["reason"]
    else { return nil }
    return SignOutNote(reason: reason, server: object["server"] ?? "", email: object["email"] ?? "")
  }

  static func remove(from folder: DataFolder) {
    try? FileManager.default.removeItem(atPath: folder.signedOut)
  }
}
