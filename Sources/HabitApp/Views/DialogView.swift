import HabitCore
import HabitSync

/// Confirmations, the list of what a save is missing, and the choice before losing unsynced work.
enum DialogView {
  static func render(_ dialog: AppState.Dialog, state: AppState) -> String {
    var title = ""
    var body = ""
    var buttons = ""
    var stacked = false
    switch dialog {
    case .deleteHabit(let id):
      let name = state.tracker.habit(id)?.title ?? ""
      title = Strings.deleteTitle(name)
      body = "<p>" + HTML.escape(Strings.deleteBody(name)) + "</p>"
      buttons = confirmButtons(Strings.delete)
    case .deleteCategory(let id):
      let name = state.tracker.category(id)?.name ?? ""
      let impact = state.tracker.deletionImpact(ofCategory: id)
      title = Strings.deleteTitle(name)
      body = "<p>" + HTML.escape(Strings.deleteCategoryBody(name, habits: impact.habits)) + "</p>"
      buttons = confirmButtons(Strings.delete)
    case .deletePlace(let id):
      title = Strings.deleteTitle(state.tracker.places[id]?.name ?? "")
      body = reminderScreens?.deletePlace(id, state) ?? ""
      buttons = confirmButtons(Strings.delete)
    case .deleteAccount:
      title = Strings.deleteAccount
      body = accountForms?.deleteDialog(state) ?? ""
      buttons = confirmButtons(Strings.deleteAccount)
    case .missingFields(let problems):
      title = Strings.missingFields
      body = "<ul>"
      for problem in problems { body += "<li>" + HTML.escape(problem) + "</li>" }
      body += "</ul>"
      buttons = HTML.button(Strings.ok, .dismiss, classes: "primary", id: "dialog-ok")
    case .signOutUnsynced:
      title = Strings.unsyncedTitle
      body = "<p>" + Strings.unsyncedBody(state.replica.outbox.count) + "</p>"
      // Keeping the work comes first (and takes the focus); losing it is the deliberate choice.
      stacked = true
      buttons =
        HTML.button(Strings.syncNow, .syncNow, classes: "primary", id: "dialog-sync")
        + HTML.button(
          Strings.signOutDiscarding, .signOutDiscarding, classes: "danger", id: "dialog-discard")
        + HTML.button(Strings.cancel, .dismiss, classes: "ghost", id: "dialog-cancel")
    }
    return
      "<div class=\"overlay top\"><section class=\"dialog\" role=\"alertdialog\" aria-modal=\"true\" aria-labelledby=\"dialog-title\"><h2 id=\"dialog-title\">"
      + HTML.escape(title) + "</h2>" + body + "<div class=\"dialog-buttons"
      + (stacked ? " stacked" : "") + "\">" + buttons
      + "</div></section></div>"
  }

  static func confirmButtons(_ confirm: String) -> String {
    HTML.button(Strings.cancel, .dismiss, classes: "ghost", id: "dialog-cancel")
      + HTML.button(confirm, .confirm, classes: "danger", id: "dialog-confirm")
  }

  /// The account deletion's body: the password that confirms it, and the server's refusal.
  static func deleteAccount(_ state: AppState) -> String {
    var body =
      "<p>" + Strings.deleteAccountBody + "</p><label for=\"delete-password\">" + Strings.password
      + "</label><input id=\"delete-password\" type=\"password\" autocomplete=\"current-password\""
      + HTML.input(.deletePassword("")) + " value=\"" + HTML.escape(state.account.deletePassword)
      + "\""
    if let message = state.account.deleteMessage {
      body +=
        " aria-invalid=\"true\" aria-describedby=\"delete-password-help\"><p id=\"delete-password-help\" class=\"help error\" role=\"alert\">"
        + HTML.escape(message) + "</p>"
    } else {
      body += ">"
    }
    return body
  }

}
