/// Account → Your data: a file from another tracker (or a backup) is previewed, then imported
/// on confirmation; the backup and the CSV download. Both run on this device (the data module),
/// so they work offline and signed out.
public enum DataView {
  /// The panel, where this module has it (`dataPanel`), or a line that says where it is.
  static func panel(_ state: AppState) -> String {
    dataPanel?(state)
      ?? "<section class=\"panel data\"><h2>" + Strings.yourData + "</h2><p class=\"help\">"
      + Strings.dataElsewhere + "</p></section>"
  }

  /// The panel itself, for the module that loads on demand and for the native tests.
  public static let render: @Sendable (AppState) -> String = { whole($0) }

  private static func whole(_ state: AppState) -> String {
    var html =
      "<section class=\"panel data\" aria-labelledby=\"data-title\"><h2 id=\"data-title\">"
      + Strings.yourData + "</h2>"
    let data = state.dataImport
    let busy = data.phase == .uploading || data.phase == .applying
    html +=
      "<p class=\"help\">" + Strings.importHelp + "</p><div class=\"segmented\" role=\"group\""
      + " aria-label=\"" + Strings.importModeLabel + "\">"
      + HTML.button(
        Strings.addToWhatIHave, .importMode(replace: false), classes: data.replace ? "" : "on",
        disabled: busy, pressed: !data.replace)
      + HTML.button(
        Strings.replaceEverything, .importMode(replace: true), classes: data.replace ? "on" : "",
        disabled: busy, pressed: data.replace) + "</div>"
    switch data.phase {
    case .choosing:
      html +=
        "<label for=\"import-file\">" + Strings.chooseFile
        + "</label><input id=\"import-file\" type=\"file\"" + HTML.input(.importFile("")) + ">"
    case .uploading, .applying:
      html +=
        "<p role=\"status\">"
        + (data.phase == .uploading
          ? Strings.reading(HTML.escape(data.fileName)) : Strings.importing + "…")
        + "</p><progress id=\"import-progress\" max=\"1000\" aria-label=\""
        + Strings.importProgress + "\"></progress>"
    case .previewed:
      html +=
        "<h3>" + Strings.previewOf(HTML.escape(data.fileName)) + "</h3><ul id=\"import-preview\">"
      for line in Strings.previewLines(
        data.counts, replace: data.replace, replacedDays: data.replacedDays, from: data.firstDay,
        through: data.lastDay)
      {
        html += "<li>" + line + "</li>"
      }
      html += "</ul>"
      if !data.approximations.isEmpty {
        html += "<h3>" + Strings.approximate + "</h3><ul id=\"import-approximations\">"
        for line in data.approximations { html += "<li>" + HTML.escape(line) + "</li>" }
        html += "</ul>"
      }
      html +=
        "<div class=\"actions\">"
        + HTML.button(
          data.replace ? Strings.replaceDeleting(data.deleted) : Strings.importHabits(data.habits),
          .importConfirm, classes: data.replace ? "danger primary" : "primary",
          id: "import-confirm")
        + HTML.button(Strings.cancel, .importCancel, id: "import-cancel") + "</div>"
    }
    if let error = data.error {
      html +=
        "<p id=\"import-error\" class=\"help error\" role=\"alert\">" + HTML.escape(error) + "</p>"
    }
    if let result = data.result {
      html += "<p id=\"import-result\" role=\"status\">" + result + "</p>"
    }
    return html + "<h3>" + Strings.exportTitle + "</h3><p class=\"help\">" + Strings.exportHelp
      + "</p><div class=\"actions\">"
      + HTML.button(Strings.downloadBackup, .export(csv: false), id: "export-json")
      + HTML.button(Strings.downloadCSV, .export(csv: true), id: "export-csv") + "</div>"
      + (data.exportError.map {
        "<p id=\"export-error\" class=\"help error\" role=\"alert\">" + HTML.escape($0) + "</p>"
      } ?? "") + "</section>"
  }
}

/// The "Your data" panel: the module loaded on demand (the whole app, which Account always
/// opens in) sets it; the first-load module leaves the panel's code out for its budget.
nonisolated(unsafe) public var dataPanel: (@Sendable (AppState) -> String)?
