import HabitCore

/// A year of days, GitHub-style: a column per week, a row per weekday, each day shaded by its
/// level, month names above the columns where months begin. A year is drawn as two bands of 27
/// weeks one above the other, so the days stay large enough to see on a phone.
enum YearHeatmap {
  /// One day: `level` 0 (nothing) … 4 (all).
  struct Cell {
    let day: Day
    let level: Int
  }

  /// Weeks in one band.
  static let weeks = 27
  /// One day's square and the space after it, in viewBox units.
  static let pitch = 20
  /// Month names' row above each band's days.
  static let header = 30

  /// `cells` are consecutive days, oldest first; `monthName` names a month (1…12) and
  /// `weekdayName` a weekday, both short; `legendLow`/`legendHigh` end the level legend;
  /// `summary` is what screen readers read instead of the squares (a line per month).
  static func render(
    id: String, title: String, cells: [Cell], firstWeekday: Weekday,
    monthName: (Int) -> String, weekdayName: (Weekday) -> String, legendLow: String,
    legendHigh: String, summary: [String]
  ) -> String {
    let count = cells.count
    let offset = count > 0 ? cells[0].day.weekday.offset(from: firstWeekday) : 0
    let columns = (offset + count + 6) / 7
    let bands = max(1, (columns + weeks - 1) / weeks)
    let perBand = max(1, (columns + bands - 1) / bands)
    let bandHeight = header + 7 * pitch + 16
    var names: [String] = []
    for row in 0..<4 { names.append(weekdayName(firstWeekday.advanced(by: row * 2))) }
    let left = Chart.longest(names) * 15 + 12
    var html = ""
    Chart.open(
      &html, id: id, kind: "chart-heat", title: title, width: left + weeks * pitch + 24,
      height: bands * bandHeight - 16, font: 22)
    for index in 0..<bands {
      for row in 0..<4 {
        Chart.text(
          &html, names[row], x: left - 8, y: index * bandHeight + header + row * 2 * pitch + 15,
          anchor: "end")
      }
    }
    var levels = ["", "", "", "", ""]
    for index in cells.indices {
      let cell = cells[index]
      let slot = offset + index
      let row = slot % 7
      let column = slot / 7 % perBand
      let x = left + column * pitch
      let top = slot / 7 / perBand * bandHeight
      // Squares of 14 with a 2-unit round-joined stroke: 16 with rounded corners.
      let level = min(max(cell.level, 0), 4)
      Chart.move(&levels[level], x + 1, top + header + row * pitch + 1)
      levels[level] += "h14v14h-14z"
      guard row == 0 || index == 0 else { continue }
      // A month is named over the first week whose top day is in it, and each band's first
      // week is named unless a month begins within the next two.
      let date = cell.day.civil
      var named = row == 0 && date.day <= 7
      if !named && column == 0 {
        let next = cell.day.advanced(by: 7 - row)
        named = next.dayOfMonth > 7 && next.advanced(by: 7).dayOfMonth > 7
      }
      if named { Chart.text(&html, monthName(date.month), x: x, y: top + header - 8) }
    }
    for level in 0..<5 { Chart.path(&html, "l" + String(level), levels[level]) }
    html += "</svg><div class=\"legend\" aria-hidden=\"true\"><span>"
    html += HTML.escape(legendLow)
    html += "</span><span class=\"key l0\"></span><span class=\"key l1\"></span>"
    html += "<span class=\"key l2\"></span><span class=\"key l3\"></span>"
    html += "<span class=\"key l4\"></span><span>"
    html += HTML.escape(legendHigh)
    html += "</span></div>"
    // Screen readers get a line per month, not 371 days: a list they can take in, and a page
    // the browser lays out quickly.
    if !summary.isEmpty {
      html += "<ul class=\"visually-hidden\">"
      for line in summary {
        html += "<li>"
        html += HTML.escape(line)
        html += "</li>"
      }
      html += "</ul>"
    }
    return html + "</figure>"
  }
}
