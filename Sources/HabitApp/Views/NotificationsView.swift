/// Account → Notifications: push on this device, a test, the devices that get reminders, and
/// the calendar feed's private link.
enum NotificationsView {
  static func render(_ state: AppState) -> String {
    let panel = state.notifications
    var html =
      "<section class=\"panel\" id=\"notifications\" aria-labelledby=\"notifications-title\"><h2 id=\"notifications-title\">"
      + Strings.notifications + "</h2><p class=\"help"
    guard state.connection.email != nil else {
      return html + "\">" + Strings.pushSignedOut + "</p></section>"
    }
    let offline = !state.connection.online
    var unsupported = false
    if offline {
      html += "\">" + Strings.pushOffline
    } else {
      switch panel.permission {
      case .unsupported:
        unsupported = true
        html += "\">" + Strings.pushUnsupported
      case .denied: html += " error\">" + Strings.pushDenied
      case .ask, .granted: html += "\">"
      }
    }
    html += "</p>"
    if let message = panel.message {
      html += "<p class=\"help\" role=\"status\">" + HTML.escape(message) + "</p>"
    }
    html +=
      "<div class=\"actions\">"
      + HTML.button(
        Strings.pushOn, .reminder(.pushOn, ""), classes: "primary",
        disabled: offline || unsupported,
        id: "push-on")
      + HTML.button(
        Strings.pushTest, .reminder(.pushTest, ""), disabled: offline || panel.devices.isEmpty,
        id: "push-test") + "</div>"
    if !panel.devices.isEmpty {
      html += "<h3>" + Strings.pushDevices + "</h3><ul class=\"places\" id=\"devices\">"
      for line in panel.devices {
        // Id, name, time zone, and a fourth part for this device.
        let parts = line.split(separator: "\t")
        guard parts.count >= 3 else { continue }
        html += PlacesView.item(
          String(parts[1]), String(parts[2]) + (parts.count > 3 ? " · " + Strings.thisDevice : ""),
          "", Strings.remove, .reminder(.pushRemove, String(parts[0])))
      }
      html += "</ul>"
    }
    html +=
      "<h3>" + Strings.calendarFeed + "</h3><p class=\"help\">" + Strings.calendarHelp + "</p>"
    if panel.calendarLink.count == 2 {
      let link = String(panel.calendarLink[0])
      html +=
        "<label for=\"calendar-url\">" + Strings.calendarLink
        + "</label><div class=\"inline\"><input id=\"calendar-url\" readonly value=\""
        + HTML.escape(link) + "\">"
        + HTML.button(Strings.copy, .reminder(.copy, link), classes: "small")
        + "</div><p><a id=\"webcal\" href=\"" + HTML.escape(String(panel.calendarLink[1])) + "\">"
        + Strings.openInCalendar + "</a></p>"
    } else if panel.calendarExists {
      html += "<p>" + Strings.calendarOn + "</p>"
    }
    html +=
      "<div class=\"actions\">"
      + HTML.button(
        panel.calendarExists ? Strings.calendarReplace : Strings.calendarMake,
        .reminder(.calendarMake, ""), disabled: offline, id: "calendar-make")
    if panel.calendarExists {
      html += HTML.button(
        Strings.calendarOff, .reminder(.calendarOff, ""), classes: "ghost danger",
        disabled: offline, id: "calendar-off")
    }
    return html + "</div></section>"
  }
}
