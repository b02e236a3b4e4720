import Foundation

/// Reads figures off the web app's rendered HTML as a person reads the screen: the text beside
/// its label, not the value the view was given.
enum ScreenText {
  /// The text between `open` and the next `<` after it, following `anchor` (the first match).
  static func text(in html: String, after anchor: String, open: String) -> String? {
    guard let start = html.range(of: anchor),
      let opening = html.range(of: open, range: start.upperBound..<html.endIndex),
      let end = html.range(of: "<", range: opening.upperBound..<html.endIndex)
    else { return nil }
    return String(html[opening.upperBound..<end.lowerBound])
  }

  /// A detail sheet's figure: `<dd>value</dd><dt>label</dt>`.
  static func detail(_ label: String, in html: String) -> String? {
    guard let labelled = html.range(of: "</dd><dt>" + label + "</dt>"),
      let open = html.range(
        of: "<dd>", options: .backwards, range: html.startIndex..<labelled.lowerBound)
    else { return nil }
    return String(html[open.upperBound..<labelled.lowerBound])
  }

  /// A statistics tile: `<dt>label</dt><dd class="value">value</dd>`.
  static func tile(_ label: String, in html: String) -> String? {
    text(in: html, after: "<dt>" + label + "</dt>", open: "<dd class=\"value\">")
  }

  /// "3 of 4 done" (or "Nothing due": none due) as a day count.
  static func dayCount(_ text: String) -> SeenFigures.DayCount? {
    if text == "Nothing due" { return SeenFigures.DayCount(met: 0, due: 0) }
    let words = text.split(separator: " ")
    guard words.count == 4, words[1] == "of", words[3] == "done", let met = Int(words[0]),
      let due = Int(words[2])
    else { return nil }
    return SeenFigures.DayCount(met: met, due: due)
  }

  /// "1 day", "3 weeks" as a streak.
  static func streak(_ text: String?) -> SeenFigures.StreakFigure? {
    guard let words = text?.split(separator: " "), words.count == 2, let length = Int(words[0])
    else { return nil }
    let unit = words[1].hasSuffix("s") ? String(words[1]) : words[1] + "s"
    return SeenFigures.StreakFigure(length: length, unit: unit)
  }

  /// "45%" as a whole percent.
  static func percent(_ text: String?) -> Int? {
    guard let text, text.hasSuffix("%") else { return nil }
    return Int(text.dropLast())
  }
}
