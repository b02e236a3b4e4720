import HabitCore

/// The whole page for a state. Pure: the same state always gives the same markup.
public enum Render {
  public static func page(_ state: AppState) -> String {
    if let page = state.onboardingPage { return onboarding(page) }
    var html = ""
    if !state.connection.online {
      html += "<div class=\"banner\" role=\"status\">" + HTML.escape(Strings.offline) + "</div>"
    }
    if state.unsaved.failing {
      html +=
        "<div class=\"banner unsaved\" role=\"alert\"><span>" + Strings.notSavedYet + "</span>"
        + HTML.button(Strings.tryAgain, .retrySave, classes: "small", id: "retry-save") + "</div>"
    }
    if let notice = state.notice {
      html += "<div class=\"notice\" role=\"alert\">" + HTML.escape(notice) + "</div>"
    }
    // What a sheet or dialog covers cannot be reached (keyboard, screen readers) until it closes.
    // (Matched, not compared with `!= nil`: that would bring the sheet's draft's `==` along.)
    var covered = " inert"
    if case (.none, .none) = (state.sheet, state.dialog) { covered = "" }
    html += "<main id=\"main\" class=\"screen\"" + covered + ">"
    switch state.tab {
    case .habits: html += MainView.render(state)
    case .statistics: html += StatisticsView.render(state)
    case .account: html += AccountView.render(state)
    }
    html += "</main>"
    html += navigation(state, covered: covered)
    if let sheet = state.sheet {
      if case .some = state.dialog { html += "<div inert>" } else { html += "<div>" }
      switch sheet {
      case .editor(let draft): html += EditorView.render(draft, state: state)
      case .detail(let id): html += DetailView.render(id, state: state)
      }
      html += "</div>"
    }
    if let dialog = state.dialog { html += DialogView.render(dialog, state: state) }
    return html
  }

  static func onboarding(_ page: Int) -> String {
    let count = Strings.onboardingTitles.count
    var html = "<main id=\"main\" class=\"onboarding\" aria-roledescription=\"carousel\">"
    html += "<div class=\"onboarding-art art-" + String(page) + "\" aria-hidden=\"true\"></div>"
    html +=
      "<h1>" + Strings.onboardingTitles[page] + "</h1><p>" + Strings.onboardingTexts[page] + "</p>"
    html += "<div class=\"dots\" role=\"tablist\" aria-label=\"Pages\">"
    for index in 0..<count {
      html +=
        "<span role=\"tab\" aria-selected=\"" + (index == page ? "true" : "false")
        + "\" aria-label=\"Page "
        + String(index + 1) + " of " + String(count) + "\" class=\"dot"
        + (index == page ? " on" : "") + "\"></span>"
    }
    html += "</div><div class=\"onboarding-buttons\">"
    if page > 0 { html += HTML.button(Strings.back, .onboardBack, classes: "ghost") }
    if page < count - 1 {
      html += HTML.button(Strings.skip, .onboardDone, classes: "ghost")
      html += HTML.button(Strings.next, .onboardNext, classes: "primary")
    } else {
      html += HTML.button(
        Strings.getStarted, .onboardDone, classes: "primary", id: "get-started")
    }
    return html + "</div></main>"
  }

  static func navigation(_ state: AppState, covered: String) -> String {
    var html = "<nav class=\"tabs\" aria-label=\"Sections\"" + covered + ">"
    for (tab, label, icon) in [
      (AppState.Tab.habits, Strings.habits, "✓"), (.statistics, Strings.statistics, "▦"),
      (.account, Strings.account, "☺"),
    ] {
      let current = state.tab == tab
      html +=
        "<button type=\"button\"" + HTML.action(.tab(tab))
        + (current ? " aria-current=\"page\" class=\"on\"" : "") + "><span aria-hidden=\"true\">"
        + icon
        + "</span>" + label + "</button>"
    }
    return html + "</nav>"
  }
}
