/// What the account screen's forms own: the sign-in mode, what was typed, and the answers.
public struct AccountForm: Sendable {
  public var signingUp = false
  public var email = ""
  public var password = ""
  public var message: String?
  public var busy = false
  /// Changing the password: both fields, and the server's answer next to the field it is about.
  public var currentPassword = ""
  public var newPassword = ""
  public var currentPasswordMessage: String?
  public var newPasswordMessage: String?
  /// Shown once the server took the new password.
  public var passwordChanged = false
  /// The calendar link the server made when the password changed (the old one stopped working).
  public var replacedCalendarLink: String?
  /// Deleting the account: the password that confirms it, and the server's refusal.
  public var deletePassword = ""
  public var deleteMessage: String?

  public init() {}
}
