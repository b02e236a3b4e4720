import HabitCore
import HabitSync

/// Sign up, sign in and out, sync status, theme and week start.
enum AccountView {
  static func render(_ state: AppState) -> String {
    var html =
      "<header class=\"top\"><h1>" + Strings.account + "</h1></header><section class=\"panel\">"
    if let email = state.connection.email {
      html +=
        "<p>" + Strings.signedInAs + " <strong>" + HTML.escape(email)
        + "</strong></p><dl class=\"facts\">"
      html +=
        "<div><dt>" + Strings.lastSynced + "</dt><dd id=\"last-synced\">"
        + (state.connection.lastSynced.map { ago($0, now: state.now) } ?? Strings.never)
        + "</dd></div>"
      html +=
        "<div><dt>" + Strings.pendingChanges + "</dt><dd id=\"pending\">"
        + String(state.replica.outbox.count) + "</dd></div></dl>"
      if let error = state.connection.syncError {
        html += "<p class=\"help error\" role=\"alert\">" + HTML.escape(error) + "</p>"
      }
      html +=
        "<div class=\"actions\">"
        + HTML.button(Strings.syncNow, .syncNow, classes: "primary")
        + HTML.button(Strings.signOut, .signOut, classes: "ghost") + "</div>"
    } else {
      html +=
        "<p>" + Strings.localOnly + "</p><div class=\"segmented\" role=\"group\" aria-label=\""
        + Strings.account + "\">"
        + HTML.button(
          Strings.signIn, .accountMode(signingUp: false),
          classes: state.account.signingUp ? "" : "on", pressed: !state.account.signingUp)
        + HTML.button(
          Strings.signUp, .accountMode(signingUp: true),
          classes: state.account.signingUp ? "on" : "", pressed: state.account.signingUp)
        + "</div><label for=\"email\">" + Strings.email
        + "</label><input id=\"email\" type=\"email\" autocomplete=\"email\""
        + HTML.input(.accountEmail("")) + " value=\""
        + HTML.escape(state.account.email) + "\"><label for=\"password\">" + Strings.password
        + "</label><input id=\"password\" type=\"password\" autocomplete=\""
        + (state.account.signingUp ? "new-password" : "current-password")
        + "\"" + HTML.input(.accountPassword("")) + " value=\""
        + HTML.escape(state.account.password) + "\">"
      if let message = state.account.message {
        html += "<p class=\"help error\" role=\"alert\">" + HTML.escape(message) + "</p>"
      }
      html += HTML.button(
        state.account.signingUp ? Strings.signUp : Strings.signIn, .accountSubmit,
        classes: "primary wide", disabled: state.account.busy, id: "account-submit")
    }
    html +=
      "</section><section class=\"panel\"><label for=\"theme\">" + Strings.theme
      + "</label><select id=\"theme\"" + HTML.input(.theme(.system)) + ">"
      + HTML.option("system", Strings.themeSystem, selected: state.theme == .system)
      + HTML.option("light", Strings.themeLight, selected: state.theme == .light)
      + HTML.option("dark", Strings.themeDark, selected: state.theme == .dark) + "</select>"
    html +=
      "<label for=\"first-weekday\">" + Strings.weekStartsOn
      + "</label><select id=\"first-weekday\"" + HTML.input(.firstWeekday(.monday)) + ">"
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
