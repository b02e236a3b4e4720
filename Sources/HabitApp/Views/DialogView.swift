import HabitCore

/// Confirmations and the list of what a save is missing.
enum DialogView {
  static func render(_ dialog: AppState.Dialog, state: AppState) -> String {
    var title = ""
    var body = ""
    var confirm: String? = nil
    switch dialog {
    case .deleteHabit(let id):
      let name = state.tracker.habit(id)?.title ?? ""
      title = Strings.deleteTitle(name)
      body = "<p>" + HTML.escape(Strings.deleteBody(name)) + "</p>"
      confirm = Strings.delete
    case .deleteCategory(let id):
      let name = state.tracker.category(id)?.name ?? ""
      let impact = state.tracker.deletionImpact(ofCategory: id)
      title = Strings.deleteCategory
      body = "<p>" + HTML.escape(Strings.deleteCategoryBody(name, habits: impact.habits)) + "</p>"
      confirm = Strings.delete
    case .missingFields(let problems):
      title = Strings.missingFields
      body = "<ul>"
      for problem in problems { body += "<li>" + HTML.escape(problem) + "</li>" }
      body += "</ul>"
    }
    var html =
      "<div class=\"overlay top\"><section class=\"dialog\" role=\"alertdialog\" aria-modal=\"true\" aria-labelledby=\"dialog-title\"><h2 id=\"dialog-title\">"
      + HTML.escape(title) + "</h2>" + body + "<div class=\"dialog-buttons\">"
    if let confirm {
      html +=
        HTML.button(Strings.cancel, action: "dismiss", classes: "ghost", id: "dialog-cancel")
        + HTML.button(confirm, action: "confirm", classes: "danger", id: "dialog-confirm")
    } else {
      html += HTML.button(Strings.ok, action: "dismiss", classes: "primary", id: "dialog-ok")
    }
    return html + "</div></section></div>"
  }
}
