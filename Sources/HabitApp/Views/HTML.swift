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

  /// A button that sends `action` (with `argument`) to the app when pressed.
  static func button(
    _ label: String, action: String, argument: String = "", classes: String = "",
    aria: String? = nil,
    disabled: Bool = false, pressed: Bool? = nil, id: String? = nil, value: String? = nil
  ) -> String {
    var html = "<button type=\"button\" data-action=\"" + action + "\""
    if !argument.isEmpty { html += " data-arg=\"" + escape(argument) + "\"" }
    if let value { html += " value=\"" + escape(value) + "\"" }
    if !classes.isEmpty { html += " class=\"" + classes + "\"" }
    if let aria { html += " aria-label=\"" + escape(aria) + "\"" }
    if let pressed { html += " aria-pressed=\"" + (pressed ? "true" : "false") + "\"" }
    if let id { html += " id=\"" + id + "\"" }
    if disabled { html += " disabled" }
    return html + ">" + label + "</button>"
  }

  static func option(_ value: String, _ label: String, selected: Bool) -> String {
    "<option value=\"" + escape(value) + "\"" + (selected ? " selected" : "") + ">" + escape(label)
      + "</option>"
  }
}
