/// Building markup by appending to one string; everything a person typed goes through `escape`.
public enum HTML {
  /// Escapes text for element content and quoted attribute values.
  public static func escape(_ text: String) -> String {
    var needs = false
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
        UInt8(ascii: "'"):
        needs = true
      default: break
      }
      if needs { break }
    }
    guard needs else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A button that sends `event` to the app when pressed. Never inlined: one copy for every
  /// call site keeps the web module small.
  @inline(never)
  static func button(
    _ label: String, _ event: AppEvent, classes: String = "", aria: String? = nil,
    disabled: Bool = false, pressed: Bool? = nil, id: String? = nil
  ) -> String {
    var html = "<button type=\"button\""
    appendAction(event, to: &html)
    if !classes.isEmpty { html += " class=\"" + classes + "\"" }
    if let aria { html += " aria-label=\"" + escape(aria) + "\"" }
    if let pressed { html += " aria-pressed=\"" + (pressed ? "true" : "false") + "\"" }
    if let id { html += " id=\"" + id + "\"" }
    if disabled { html += " disabled" }
    return html + ">" + label + "</button>"
  }

  /// The attributes that make a pressed element send `event`.
  static func action(_ event: AppEvent) -> String {
    var html = ""
    appendAction(event, to: &html)
    return html
  }

  /// Appends `action(event)` in place: a list of 200 cards builds no string per button.
  @inline(never)
  static func appendAction(_ event: AppEvent, to html: inout String) {
    let (name, argument, value) = event.attributes
    html += " data-action=\""
    html += name.text
    if !argument.isEmpty {
      html += "\" data-arg=\""
      html += escape(argument)
    }
    if !value.isEmpty {
      html += "\" value=\""
      html += escape(value)
    }
    html += "\""
  }

  /// The attributes that make a field send `event` with what was typed or chosen.
  @inline(never)
  static func input(_ event: AppEvent) -> String {
    let (name, argument, _) = event.attributes
    var html = " data-input=\"" + name.text + "\""
    if !argument.isEmpty { html += " data-arg=\"" + escape(argument) + "\"" }
    return html
  }

  static func option(_ value: String, _ label: String, selected: Bool) -> String {
    "<option value=\"" + escape(value) + "\"" + (selected ? " selected" : "") + ">" + escape(label)
      + "</option>"
  }
}
