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
      html +=
        "</section><section class=\"panel\">" + waiting(state) + "</section>"
        + DataView.panel(state)
        + (accountForms?.signedIn(state)
          ?? "<section class=\"panel\"><p class=\"help\">" + Strings.accountElsewhere
          + "</p></section>")
    } else {
      html +=
        "<p>" + Strings.localOnly + "</p>"
        + (accountForms?.signIn(state) ?? signedOutElsewhere(state.account)) + "</section>"
        + DataView.panel(state)
    }
    html += reminderScreens?.account(state) ?? ""
    html += "<section class=\"panel\">" + DetailView.pause(nil, state: state)
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

  /// Signed out: sign in or sign up (`AccountForms`).
  static func signIn(_ state: AppState) -> String {
    var html =
      "<div class=\"segmented\" role=\"group\" aria-label=\""
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
    return html
      + HTML.button(
        state.account.signingUp ? Strings.signUp : Strings.signIn, .accountSubmit,
        classes: "primary wide", disabled: state.account.busy, id: "account-submit")
  }

  /// The first-load module's stand-in for the sign-in form: why it was signed out, and where
  /// the form is.
  static func signedOutElsewhere(_ form: AccountForm) -> String {
    (form.message.map { "<p class=\"help error\" role=\"alert\">" + HTML.escape($0) + "</p>" } ?? "")
      + "<p class=\"help\">" + Strings.signInElsewhere + "</p>"
  }

  /// Signed in: a new password, and deleting the account (`AccountForms`).
  static func signedIn(_ state: AppState) -> String {
    "<section class=\"panel password\">" + password(state.account)
      + "</section><section class=\"panel\" aria-labelledby=\"delete-title\"><h2 id=\"delete-title\">"
      + Strings.deleteAccount + "</h2><p class=\"help\">" + Strings.deleteAccountHelp + "</p>"
      + HTML.button(
        Strings.deleteEverything, .deleteAccount, classes: "danger primary", id: "delete-account")
      + "</section>"
  }

  /// Changing the password: the current one and the new one, each with the server's answer.
  static func password(_ form: AccountForm) -> String {
    var html = "<h2>" + Strings.changePassword + "</h2>"
    for (id, label, typed, message, event, complete) in [
      (
        "current-password", Strings.currentPassword, form.currentPassword,
        form.currentPasswordMessage, AppEvent.currentPassword(""), "current-password"
      ),
      (
        "new-password", Strings.newPassword, form.newPassword, form.newPasswordMessage,
        AppEvent.newPassword(""), "new-password"
      ),
    ] {
      html +=
        "<label for=\"" + id + "\">" + label + "</label><input id=\"" + id
        + "\" type=\"password\" autocomplete=\"" + complete + "\"" + HTML.input(event) + " value=\""
        + HTML.escape(typed) + "\""
      if let message {
        html +=
          " aria-invalid=\"true\" aria-describedby=\"" + id + "-help\"><p id=\"" + id
          + "-help\" class=\"help error\" role=\"alert\">" + HTML.escape(message) + "</p>"
      } else {
        html += ">"
      }
    }
    if form.passwordChanged {
      html += "<p class=\"help\" role=\"status\">" + Strings.passwordChanged + "</p>"
      if let link = form.replacedCalendarLink {
        html +=
          "<p class=\"help\">" + Strings.calendarLinkReplaced
          + "</p><label for=\"replaced-calendar-url\">" + Strings.calendarLink
          + "</label><input id=\"replaced-calendar-url\" readonly value=\"" + HTML.escape(link)
          + "\">"
      }
    }
    return html
      + HTML.button(
        Strings.changePassword, .changePassword, classes: "primary wide", id: "change-password")
  }

  /// What waits to sync, one line per record in words ("Checked in Read on 21 Nov").
  static func waiting(_ state: AppState) -> String {
    var html = "<h2>" + Strings.waitingToSync + "</h2>"
    var lines: [String] = []
    var seen = Set<RecordKey>()
    for change in state.replica.outbox where !seen.contains(change.field.record) {
      seen.insert(change.field.record)
      lines.append(describe(change, state: state))
    }
    if lines.isEmpty { return html + "<p id=\"waiting\">" + Strings.nothingWaiting + "</p>" }
    html += "<ul id=\"waiting\" class=\"waiting\">"
    for line in lines.prefix(20) { html += "<li>" + HTML.escape(line) + "</li>" }
    if lines.count > 20 { html += "<li>" + Strings.moreWaiting(lines.count - 20) + "</li>" }
    return html + "</ul>"
  }

  /// One waiting change as a person would say it.
  static func describe(_ change: Change, state: AppState) -> String {
    let record = change.field.record
    let tracker = state.tracker
    switch record.entity {
    case .entry:
      guard let (id, day) = RecordFields.entryKeyParts(record.key) else { return Strings.aCheckIn }
      let title = tracker.habit(id)?.title ?? Strings.aDeletedHabit
      let entry = tracker.log(id)[day]
      if entry?.isSkipped == true { return Strings.skippedOn(title, day) }
      if let entry, entry.value > .zero { return Strings.checkedInOn(title, day) }
      if let entry, !entry.note.isEmpty { return Strings.notedOn(title, day) }
      return Strings.clearedOn(title, day)
    case .habit:
      guard let habit = tracker.habit(HabitID(record.key)) else { return Strings.deletedHabit }
      return Strings.savedHabit(habit.title)
    case .category:
      guard let category = tracker.category(CategoryID(record.key)) else {
        return Strings.deletedCategory
      }
      return Strings.savedCategory(category.name)
    case .place:
      return Strings.savedPlace
    case .setting:
      return Strings.changedSetting
    }
  }

  static func ago(_ time: Int64, now: Int64) -> String {
    let seconds = max(0, (now - time) / 1000)
    if seconds < 60 { return Strings.justNow }
    if seconds < 3600 { return Strings.ago(Int(seconds / 60), "minute") }
    if seconds < 86_400 { return Strings.ago(Int(seconds / 3600), "hour") }
    return Strings.ago(Int(seconds / 86_400), "day")
  }
}
