import HabitCore

/// The account's forms (signing in or up, a new password, deleting the account), linked only
/// into the module the shell loads on demand, which Account always opens in: each needs the
/// server, so the first-load module (its budget, BENCHMARKS.md) says where they are instead.
public struct AccountForms: Sendable {
  /// Signed out: the sign-in and sign-up form.
  public var signIn: @Sendable (AppState) -> String
  /// Signed in: the new-password form and the account's deletion.
  public var signedIn: @Sendable (AppState) -> String
  /// The deletion's dialog body, which asks for the password.
  public var deleteDialog: @Sendable (AppState) -> String
  public var handle: @Sendable (inout AppState, AppEvent) -> [AppEffect]
  /// The deletion confirmed in its dialog.
  public var confirmDelete: @Sendable (inout AppState) -> [AppEffect]

  /// Everything, for the module that loads on demand and for the native tests.
  public static let all = AccountForms(
    signIn: { AccountView.signIn($0) },
    signedIn: { AccountView.signedIn($0) },
    deleteDialog: { DialogView.deleteAccount($0) },
    handle: { $0.editAccount($1) },
    confirmDelete: { $0.confirmDeleteAccount() })
}

/// The account's forms this module has: nil in the first-load module.
nonisolated(unsafe) public var accountForms: AccountForms?

extension AppState {
  /// The account screen's forms: signing in or up, the password change and account deletion.
  mutating func editAccount(_ event: AppEvent) -> [AppEffect] {
    switch event {
    case .accountMode(let signingUp):
      account.signingUp = signingUp
      account.message = nil
    case .accountEmail(let text):
      account.email = text
    case .accountPassword(let text):
      account.password = text
    case .accountSubmit:
      return submitAccount()
    case .currentPassword(let text):
      account.currentPassword = text
    case .newPassword(let text):
      account.newPassword = text
    case .deletePassword(let text):
      account.deletePassword = text
    case .changePassword:
      account.passwordChanged = false
      account.replacedCalendarLink = nil
      account.currentPasswordMessage =
        account.currentPassword.isEmpty ? Strings.enterCurrentPassword : nil
      account.newPasswordMessage = account.newPassword.isEmpty ? Strings.enterNewPassword : nil
      guard account.currentPasswordMessage == nil, account.newPasswordMessage == nil else {
        return []
      }
      let effect = AppEffect.changePassword(
        current: account.currentPassword, new: account.newPassword)
      account.currentPassword = ""
      account.newPassword = ""
      return [effect]
    case .deleteAccount:
      account.deletePassword = ""
      account.deleteMessage = nil
      dialog = .deleteAccount
    default:
      break
    }
    return []
  }

  fileprivate mutating func submitAccount() -> [AppEffect] {
    let email = Text.trimmed(account.email)
    guard !email.isEmpty, !account.password.isEmpty else {
      account.message = "Enter your email and password."
      return []
    }
    account.busy = true
    account.message = nil
    let password = account.password
    account.password = ""
    return [
      account.signingUp
        ? .signUp(email: email, password: password) : .signIn(email: email, password: password)
    ]
  }

  /// Confirms the account's deletion: the password goes to the server, nothing changes here yet.
  mutating func confirmDeleteAccount() -> [AppEffect] {
    guard !account.deletePassword.isEmpty else {
      dialog = .deleteAccount
      account.deleteMessage = Strings.enterPasswordToDelete
      return []
    }
    dialog = .deleteAccount
    account.deleteMessage = nil
    let password = account.deletePassword
    account.deletePassword = ""
    return [.deleteAccount(password: password)]
  }
}
