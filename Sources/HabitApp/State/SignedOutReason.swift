/// Why the server signed this browser out, in words, from the `error.code` of its refusal: a
/// device told nothing keeps a person guessing, and a deleted account must say the habits shown
/// are now only on this device.
public enum SignedOutReason {
  /// The sentence for `code`; nil for a code that explains nothing (a plain `unauthenticated`).
  public static func sentence(_ code: String) -> String? {
    switch code {
    case "account_deleted":
      return
        "This account was deleted on another device, so this browser is signed out. The habits shown here stay only on this device: sign in to another account to keep them syncing."
    case "password_changed":
      return
        "Your password was changed on another device, so this browser is signed out. Sign in again with the new password; changes made here are kept and sync then."
    case "signed_out_everywhere":
      return
        "You signed out everywhere from another device, so this browser is signed out. Sign in again; changes made here are kept and sync then."
    case "token_revoked":
      return
        "This sign-in was ended on another device. Sign in again; changes made here are kept and sync then."
    default:
      return nil
    }
  }
}
