import HabitCore
import HabitSync

/// Sign up, sign in and out, sync status, theme and week start.
enum AccountView {
  static func render(_ state: AppState) -> String {
    var html =
      "<header class=\"top\"><h1>" + Strings.account + "</h1></header><section class=\"panel\">"
    if let email = state.accountEmail {
      html +=
        "<p>" + Strings.signedInAs + " <strong>" + HTML.escape(email)
        + "</strong></p><dl class=\"facts\">"
      html +=
        "<div><dt>" + Strings.lastSynced + "</dt><dd id=\"last-synced\">"
        + (state.lastSynced.map { ago($0, now: state.now) } ?? Strings.never) + "</dd></div>"
      html +=
        "<div><dt>" + Strings.pendingChanges + "</dt><dd id=\"pending\">"
        + String(state.replica.outbox.count) + "</dd></div></dl>"
      if let error = state.syncError {
        html += "<p class=\"help error\" role=\"alert\">" + HTML.escape(error) + "</p>"
      }
      html +=
        "<div class=\"actions\">"
        + HTML.button(Strings.syncNow, action: "sync-now", classes: "primary")
        + HTML.button(Strings.signOut, action: "sign-out", classes: "ghost") + "</div>"
    } else {
      html +=
        "<p>" + Strings.localOnly + "</p><div class=\"segmented\" role=\"group\" aria-label=\""
        + Strings.account + "\">"
        + HTML.button(
          Strings.signIn, action: "account-mode", argument: "signIn",
          classes: state.signingUp ? "" : "on", pressed: !state.signingUp)
        + HTML.button(
          Strings.signUp, action: "account-mode", argument: "signUp",
          classes: state.signingUp ? "on" : "", pressed: state.signingUp)
        + "</div><label for=\"email\">" + Strings.email
        + "</label><input id=\"email\" type=\"email\" autocomplete=\"email\" data-input=\"account-email\" value=\""
        + HTML.escape(state.formEmail) + "\"><label for=\"password\">" + Strings.password
        + "</label><input id=\"password\" type=\"password\" autocomplete=\""
        + (state.signingUp ? "new-password" : "current-password")
        + "\" data-input=\"account-password\" value=\"" + HTML.escape(state.formPassword) + "\">"
      if let message = state.accountMessage {
        html += "<p class=\"help error\" role=\"alert\">" + HTML.escape(message) + "</p>"
      }
      html += HTML.button(
        state.signingUp ? Strings.signUp : Strings.signIn, action: "account-submit",
        classes: "primary wide", disabled: state.busy, id: "account-submit")
    }
    html +=
      "</section><section class=\"panel\"><label for=\"theme\">" + Strings.theme
      + "</label><select id=\"theme\" data-input=\"theme\">"
      + HTML.option("system", Strings.themeSystem, selected: state.theme == .system)
      + HTML.option("light", Strings.themeLight, selected: state.theme == .light)
      + HTML.option("dark", Strings.themeDark, selected: state.theme == .dark) + "</select>"
    html +=
      "<label for=\"first-weekday\">" + Strings.weekStartsOn
      + "</label><select id=\"first-weekday\" data-input=\"first-weekday\">"
    for day in [Weekday.monday, .sunday, .saturday] {
      html += HTML.option(
        String(day.rawValue), Strings.weekdayLong[day.rawValue - 1],
        selected: state.firstWeekday == day)
    }
    return html + "</select></section>"
  }

  static func ago(_ time: Int64, now: Int64) -> String {
    let seconds = max(0, (now - time) / 1000)
    if seconds < 60 { return "just now" }
    if seconds < 3600 { return Strings.plural(Int(seconds / 60), "minute") + " ago" }
    if seconds < 86_400 { return Strings.plural(Int(seconds / 3600), "hour") + " ago" }
    return Strings.plural(Int(seconds / 86_400), "day") + " ago"
  }
}
