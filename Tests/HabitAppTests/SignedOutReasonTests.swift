import HabitApp
import Testing

/// Signed out by the server, the app says why in words instead of quietly showing the sign-in.
@Suite struct SignedOutReasonTests {
  /// The account's forms, as the module Account opens in has them.
  init() { accountForms = .all }

  @Test func aDeletedAccountSaysTheHabitsShownStayOnlyOnThisDevice() {
    var host = signedInHost()
    let page = host.handle(
      #"{"t":"account","email":null,"reason":"This account was deleted on another device. The habits shown here stay only on this device."}"#
    )
    #expect(page.contains("deleted on another device"))
    let account = host.handle(event("tab", "account"))
    #expect(account.contains("stay only on this device"))
  }

  @Test func aPasswordChangedElsewhereSaysToSignInAgain() {
    var host = signedInHost()
    _ = host.handle(
      #"{"t":"account","email":null,"reason":"Your password was changed on another device, so this device was signed out."}"#
    )
    let account = host.handle(event("tab", "account"))
    #expect(account.contains("Your password was changed on another device"))
  }

  @Test func aPlainRefusalAndSigningInAgainSayNothingExtra() {
    var host = signedInHost()
    let plain = host.handle(#"{"t":"account","email":null}"#)
    #expect(!plain.contains("on another device"))
    _ = host.handle(
      #"{"t":"account","email":null,"reason":"You signed out everywhere from another device, so this device was signed out."}"#
    )
    let back = host.handle(#"{"t":"account","email":"ada@example.com"}"#)
    #expect(!host.handle(event("tab", "account")).contains("on another device"))
    #expect(!back.contains("role=\"alert\">You signed out everywhere"))
  }
}
