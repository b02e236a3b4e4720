import HabitApp
import Testing

/// After a password change the server replaces the calendar link too; the Account screen says so
/// and shows the new link, since the old one (perhaps in someone else's hands) stopped working.
@Suite struct PasswordChangeTests {
  /// The account's forms, as the module Account opens in has them.
  init() { accountForms = .all }

  private func signedInOnAccount() -> AppHost {
    var host = signedInHost()
    _ = host.handle(event("tab", "account"))
    _ = host.handle(event("current-password", "", "old secret 1"))
    _ = host.handle(event("new-password", "", "new secret 22"))
    _ = host.handle(event("change-password"))
    return host
  }

  @Test func aReplacedCalendarLinkIsShownWithTheChangedPassword() {
    var host = signedInOnAccount()
    let link = "https://habits.example/calendar/n3w.ics"
    let page = host.handle(#"{"t":"passwordChanged","calendar":"\#(link)"}"#)
    #expect(page.contains(Strings.passwordChanged))
    #expect(page.contains(Strings.calendarLinkReplaced))
    #expect(page.contains(link))
  }

  @Test func withoutACalendarLinkOnlyThePasswordIsMentioned() {
    var host = signedInOnAccount()
    let page = host.handle(#"{"t":"passwordChanged","calendar":""}"#)
    #expect(page.contains(Strings.passwordChanged))
    #expect(!page.contains(Strings.calendarLinkReplaced))
  }

  @Test func changingThePasswordAgainForgetsTheLinkShownBefore() {
    var host = signedInOnAccount()
    _ = host.handle(#"{"t":"passwordChanged","calendar":"https://habits.example/calendar/a.ics"}"#)
    let page = host.handle(event("change-password"))
    #expect(!page.contains("calendar/a.ics"))
  }
}
