import HabitStore

extension APIError {
  /// A token that ended for a reason says which, so the device holding it can tell its person why.
  static func sessionEnded(_ reason: SessionEndReason) -> APIError {
    let message =
      switch reason {
      case .passwordChanged:
        "Your password was changed on another device, so this device was signed out. Sign in again with the new password."
      case .signedOutEverywhere:
        "You signed out everywhere from another device, so this device was signed out. Sign in again."
      case .tokenRevoked:
        "This personal API token was revoked. Create a new one to continue."
      case .accountDeleted:
        "This account was deleted on another device. The habits shown here stay only on this device."
      }
    return APIError(status: .unauthorized, code: reason.rawValue, message: message)
  }
}
