import HabitCore

/// Account → Places: the saved places (Home, Work, the gym) that place reminders point at.
enum PlacesView {
  static func render(_ state: AppState) -> String {
    let form = state.placeForm
    var html =
      "<section class=\"panel\" id=\"places\" aria-labelledby=\"places-title\"><h2 id=\"places-title\">"
      + Strings.places + "</h2><p class=\"help\">" + Strings.placesHelp
      + "</p><ul class=\"places\">"
    for place in state.tracker.placesByName {
      html += item(
        place.name,
        place.address.isEmpty
          ? Place.degrees(place.latitudeMicro) + ", " + Place.degrees(place.longitudeMicro)
          : place.address,
        HTML.button(
          Strings.edit, .reminder(.edit, place.id.rawValue), classes: "ghost small",
          aria: Strings.edit + " " + place.name), Strings.delete,
        .reminder(.delete, place.id.rawValue))
    }
    html +=
      "</ul>" + field(.placeName, Strings.placeName, form.name, Strings.placeNameHint)
      + field(.address, Strings.address, form.address, "")
      + field(.latitude, Strings.latitude, form.latitude, "52.5200")
      + field(.longitude, Strings.longitude, form.longitude, "13.4050")
    if let message = form.message {
      html += "<p class=\"help error\" role=\"alert\">" + HTML.escape(message) + "</p>"
    }
    html +=
      "<div class=\"actions\">"
      + HTML.button(Strings.useLocation, .reminder(.locate, ""), classes: "ghost", id: "locate")
      + HTML.button(
        form.editing == nil ? Strings.addPlace : Strings.savePlace, .reminder(.save, ""),
        classes: "primary", disabled: Text.trimmed(form.name).isEmpty, id: "save-place")
    if form.editing != nil { html += HTML.button(Strings.cancel, .reminder(.cancel, "")) }
    return html + "</div></section>"
  }

  /// A row of a list: a name, a line about it, its buttons and a Remove or Delete.
  @inline(never)
  static func item(
    _ name: String, _ about: String, _ buttons: String, _ label: String, _ remove: AppEvent
  ) -> String {
    return "<li><div><strong>" + HTML.escape(name) + "</strong><span>" + HTML.escape(about)
      + "</span></div>" + buttons
      + HTML.button(label, remove, classes: "ghost danger small", aria: label + " " + name)
      + "</li>"
  }

  @inline(never)
  static func field(_ field: ReminderField, _ label: String, _ typed: String, _ hint: String)
    -> String
  {
    let id = "place-" + field.text
    return "<label for=\"" + id + "\">" + label + "</label><input id=\"" + id + "\""
      + HTML.input(.reminder(field, "")) + " autocomplete=\"off\" placeholder=\"" + hint
      + "\" value=\"" + HTML.escape(typed) + "\">"
  }
}
