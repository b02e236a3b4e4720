import HabitCore

/// A ring filled to the share done, with the percent in the middle ("3 of 5 done": 60%).
enum ProgressRing {
  /// An image named `label` (read by screen readers; the percent is drawn, not read). An empty
  /// `label` hides the ring from screen readers, for when the same words are written beside it.
  static func render(done: Int, of total: Int, label: String) -> String {
    let percent = Ratio(done, of: total).percent
    var html = "<svg class=\"ring\" viewBox=\"0 0 36 36\""
    if label.isEmpty {
      html += " aria-hidden=\"true\""
    } else {
      html += " role=\"img\" aria-label=\""
      html += HTML.escape(label)
      html += "\""
    }
    html += "><circle class=\"ring-track\" cx=\"18\" cy=\"18\" r=\"15\"/>"
    if percent > 0 {
      html += "<circle class=\"ring-fill\" cx=\"18\" cy=\"18\" r=\"15\" pathLength=\"100\""
      html += " transform=\"rotate(-90 18 18)\" stroke-dasharray=\""
      html += String(percent)
      html += " 100\"/>"
    }
    html += "<text x=\"18\" y=\"18\" text-anchor=\"middle\" dominant-baseline=\"central\""
    html += " font-size=\"9\">"
    html += String(percent)
    return html + "%</text></svg>"
  }
}
