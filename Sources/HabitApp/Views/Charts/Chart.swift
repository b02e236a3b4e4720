/// One value of a series: `label` names it on the axis and in the table, `value` is in the chart's
/// unit, `text` is how the value reads ("72%", "3.5 km").
struct ChartPoint {
  let label: String
  let value: Int
  let text: String
}

/// What every chart shares: a `<figure>` with a visible caption, an SVG drawn in a fixed viewBox
/// that scales to the container (hidden from screen readers) and the values as a visually hidden
/// table, which is what screen readers read. Coordinates are whole viewBox units; every text is
/// escaped here, so callers pass plain text. Helpers are never inlined: one copy keeps the web
/// module small.
enum Chart {
  /// The viewBox of the line and bar charts.
  static let width = 600
  static let height = 300
  /// Text size in viewBox units: about 12 px on a 320 px phone, 17 px at the widest (CSS caps it).
  static let font = 24
  /// A generous average width of one character at `font`, to keep texts apart and inside.
  static let charWidth = 15
  /// The top gridline and the baseline of the vertical charts.
  static let top = 32
  static let baseline = 256

  /// Opens the figure, its caption and the SVG.
  @inline(never)
  static func open(
    _ html: inout String, id: String, kind: String, title: String, width: Int, height: Int,
    font: Int
  ) {
    html += "<figure class=\"chart "
    html += kind
    html += "\" id=\""
    html += HTML.escape(id)
    html += "\"><figcaption>"
    html += HTML.escape(title)
    html += "</figcaption><svg viewBox=\"0 0 "
    html += String(width)
    html += " "
    html += String(height)
    html += "\" font-size=\""
    html += String(font)
    html += "\" aria-hidden=\"true\">"
  }

  /// Appends ` name="value"`.
  @inline(never)
  static func attribute(_ html: inout String, _ name: String, _ value: Int) {
    html += " "
    html += name
    html += "=\""
    html += String(value)
    html += "\""
  }

  /// An SVG text at (x, y), anchored `anchor` ("start" when empty).
  @inline(never)
  static func text(
    _ html: inout String, _ content: String, x: Int, y: Int, anchor: String = "",
    classes: String = ""
  ) {
    html += "<text"
    attribute(&html, "x", x)
    attribute(&html, "y", y)
    if !anchor.isEmpty {
      html += " text-anchor=\""
      html += anchor
      html += "\""
    }
    if !classes.isEmpty {
      html += " class=\""
      html += classes
      html += "\""
    }
    html += ">"
    html += HTML.escape(content)
    html += "</text>"
  }

  /// A rectangle of class `classes`.
  @inline(never)
  static func rect(_ html: inout String, _ classes: String, x: Int, y: Int, width: Int, height: Int)
  {
    html += "<rect class=\""
    html += classes
    html += "\""
    attribute(&html, "x", x)
    attribute(&html, "y", y)
    attribute(&html, "width", width)
    attribute(&html, "height", height)
    html += "/>"
  }

  /// Appends `command` and the coordinates `x y` to path data ("M" moves, " " goes on a line).
  @inline(never)
  static func point(_ path: inout String, _ command: String, _ x: Int, _ y: Int) {
    path += command
    path += String(x)
    path += " "
    path += String(y)
  }

  /// Appends `M x y` to path data.
  static func move(_ path: inout String, _ x: Int, _ y: Int) {
    point(&path, "M", x, y)
  }

  /// Appends a one-number path command: `H 10`, `V 20`, `h 30`.
  @inline(never)
  static func line(_ path: inout String, _ command: String, _ length: Int) {
    path += command
    path += String(length)
  }

  /// A label under the baseline centred on `x`, kept inside the chart.
  @inline(never)
  static func axisLabel(_ html: inout String, _ label: String, x: Int) {
    text(
      &html, label, x: x, y: baseline + 30,
      anchor: anchor(x: x, chars: label.unicodeScalars.count, width: width))
  }

  /// A path of class `classes`; nothing when `data` is empty.
  @inline(never)
  static func path(_ html: inout String, _ classes: String, _ data: String) {
    if data.isEmpty { return }
    html += "<path class=\""
    html += classes
    html += "\" d=\""
    html += data
    html += "\"/>"
  }

  /// `value / maximum` of `length`, clamped to 0…length; a maximum of 0 or less gives 0. Values are
  /// shrunk before multiplying so 32-bit wasm integers never overflow.
  static func scaled(_ value: Int, _ maximum: Int, _ length: Int) -> Int {
    guard maximum > 0, value > 0 else { return 0 }
    if value >= maximum { return length }
    var value = value
    var maximum = maximum
    while maximum > 1 << 20 {
      value >>= 4
      maximum >>= 4
    }
    return length * value / maximum
  }

  /// The top of the value axis: `maximum` when positive, else the largest value, never 0.
  static func axisMaximum(_ maximum: Int, _ largest: Int) -> Int {
    maximum > 0 ? maximum : max(largest, 1)
  }

  /// How many characters the longest text has.
  static func longest(_ texts: [String]) -> Int {
    var most = 0
    for text in texts { most = max(most, text.unicodeScalars.count) }
    return most
  }

  /// Every how many points an axis label is drawn so that labels `chars` long never overlap
  /// across `span` units, and at most seven show however many points there are. Labels are drawn
  /// where `(count - 1 - index) % step == 0`: the newest point always has one.
  static func labelStep(count: Int, chars: Int, span: Int) -> Int {
    let room = chars * charWidth * 5 / 4 + 12
    return max(1, (count * room + span - 1) / max(span, 1), (count + 6) / 7)
  }

  /// Anchors a text of `chars` characters centred on `x` so that it stays inside 0…`width`.
  static func anchor(x: Int, chars: Int, width: Int) -> String {
    let half = chars * charWidth / 2
    if x + half > width { return "end" }
    if x - half < 0 { return "start" }
    return "middle"
  }

  /// Horizontal gridlines from `bottom` (the first text) to `top` (the last) between `left` and
  /// `right`, with the texts right-aligned before `left`; the baseline is drawn even without texts.
  @inline(never)
  static func valueAxis(_ html: inout String, _ texts: [String], left: Int, right: Int) {
    var lines = ""
    move(&lines, left, baseline)
    line(&lines, "H", right)
    let steps = texts.count - 1
    for index in texts.indices {
      let y = baseline - (steps > 0 ? (baseline - top) * index / steps : 0)
      if index > 0 {
        move(&lines, left, y)
        line(&lines, "H", right)
      }
      text(&html, texts[index], x: left - 8, y: y + 8, anchor: "end")
    }
    path(&html, "grid", lines)
  }

  /// Where the plot starts: room for the longest value axis text.
  static func axisWidth(_ texts: [String]) -> Int {
    min(longest(texts) * charWidth + 16, width / 3)
  }

  /// Opens the hidden table (in a hidden `div`: a table box ignores the size that hides it):
  /// `caption`, then a header row naming the value (and target) column. Closed by
  /// `</table></div>`.
  @inline(never)
  static func tableHead(_ html: inout String, caption: String, series: String, target: String?) {
    html += "<div class=\"visually-hidden\"><table><caption>"
    html += HTML.escape(caption)
    html += "</caption><tr><td></td><th scope=\"col\">"
    html += HTML.escape(series)
    if let target {
      html += "</th><th scope=\"col\">"
      html += HTML.escape(target)
    }
    html += "</th></tr>"
  }

  /// One row of the hidden table: the label as the row's header, the value (and target).
  @inline(never)
  static func tableRow(_ html: inout String, _ label: String, _ value: String, target: String?) {
    html += "<tr><th scope=\"row\">"
    html += HTML.escape(label)
    html += "</th><td>"
    html += HTML.escape(value)
    if let target {
      html += "</td><td>"
      html += HTML.escape(target)
    }
    html += "</td></tr>"
  }
}
