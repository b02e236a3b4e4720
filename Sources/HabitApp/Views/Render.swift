import HabitCore

/// The whole page for a state, in regions the shell patches one by one. Pure: the same state
/// always gives the same markup (`previous` only saves work).
public enum Render {
  public static func page(_ state: AppState, reusing previous: Page? = nil) -> Page {
    var page = Page(reusing: previous)
    if let number = state.onboardingPage {
      page.region("main", onboarding(number))
      return page
    }
    var status = "<div id=\"status\">"
    if !state.connection.online {
      status += "<div class=\"banner\" role=\"status\">" + HTML.escape(Strings.offline) + "</div>"
    }
    if state.unsaved.failing {
      status +=
        "<div class=\"banner unsaved\" role=\"alert\"><span>" + Strings.notSavedYet + "</span>"
        + HTML.button(Strings.tryAgain, .retrySave, classes: "small", id: "retry-save") + "</div>"
    }
    if let notice = state.notice {
      status += "<div class=\"notice\" role=\"alert\">" + HTML.escape(notice) + "</div>"
    }
    page.region("status", status + "</div>")
    // What a sheet or dialog covers is made inert by the shell (`isCovered`), so opening one
    // replaces only the layer above the screen.
    switch state.tab {
    case .habits:
      page.append("<main id=\"main\" class=\"screen\">")
      MainView.render(state, into: &page)
      page.append("</main>")
    case .progress:
      page.region(
        "main", "<main id=\"main\" class=\"screen\">" + ProgressView.render(state) + "</main>")
    case .statistics:
      page.region(
        "main", "<main id=\"main\" class=\"screen\">" + StatisticsView.render(state) + "</main>")
    case .account:
      page.region(
        "main", "<main id=\"main\" class=\"screen\">" + AccountView.render(state) + "</main>")
    }
    page.append(navigation(state))
    // The layer's own regions (a detail's charts) let a click inside a sheet send only what
    // it changed.
    page.begin("layer")
    page.append("<div id=\"layer\">")
    if let sheet = state.sheet {
      if case .some = state.dialog { page.append("<div inert>") } else { page.append("<div>") }
      switch sheet {
      case .editor(let draft): page.append(EditorView.render(draft, state: state))
      case .detail(let id): DetailView.render(id, state: state, into: &page)
      }
      page.append("</div>")
    }
    if let dialog = state.dialog { page.append(DialogView.render(dialog, state: state)) }
    page.append("</div>")
    page.end()
    return page
  }

  /// Whether a sheet or dialog covers the screen: what it covers cannot be reached (keyboard,
  /// screen readers) until it closes. (Matched, not compared with `!= nil`: that would bring the
  /// sheet's draft's `==` along.)
  public static func isCovered(_ state: AppState) -> Bool {
    if case (.none, .none) = (state.sheet, state.dialog) { return false }
    return state.onboardingPage == nil
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

  static func navigation(_ state: AppState) -> String {
    var html = "<nav class=\"tabs\" aria-label=\"Sections\">"
    for (tab, label, icon) in [
      (AppState.Tab.habits, Strings.habits, "✓"), (.progress, Strings.progressTab, "▦"),
      (.statistics, Strings.statistics, "📈"),
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
