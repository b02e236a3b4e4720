/// A line over time (the strength score): gridlines with the value axis on the left, a few
/// labels under the line (thinned so they never overlap), a dot on the newest point.
enum LineChart {
  /// `maximum` is the top of the value axis (100 for percent; 0 or less: the largest value);
  /// `axisTexts` are the gridlines' texts from the bottom (0) to the top (`maximum`), evenly spaced.
  static func render(
    id: String, title: String, points: [ChartPoint], maximum: Int, axisTexts: [String],
    seriesName: String
  ) -> String {
    var html = ""
    Chart.open(
      &html, id: id, kind: "chart-line", title: title, width: Chart.width, height: Chart.height,
      font: Chart.font)
    let left = Chart.axisWidth(axisTexts)
    let right = Chart.width - 16
    Chart.valueAxis(&html, axisTexts, left: left, right: right)
    var largest = 0
    var chars = 1
    for point in points {
      largest = max(largest, point.value)
      chars = max(chars, point.label.unicodeScalars.count)
    }
    let most = Chart.axisMaximum(maximum, largest)
    let count = points.count
    let span = right - left
    // The newest label ends at the right edge: half a label more room keeps it off the one before.
    let step = Chart.labelStep(count: count, chars: chars + chars / 2, span: span)
    var line = ""
    var x = right
    var y = Chart.baseline
    for index in points.indices {
      let nextX = count > 1 ? left + Chart.scaled(index, count - 1, span) : right
      let nextY =
        Chart.baseline - Chart.scaled(points[index].value, most, Chart.baseline - Chart.top)
      // A year of days lands on a few hundred columns: repeated points are left out.
      if line.isEmpty || nextX != x || nextY != y {
        Chart.point(&line, line.isEmpty ? "M" : " ", nextX, nextY)
      }
      x = nextX
      y = nextY
      if (count - 1 - index) % step == 0 { Chart.axisLabel(&html, points[index].label, x: x) }
    }
    Chart.path(&html, "plot", line)
    if !points.isEmpty {
      html += "<circle class=\"plot-end\" r=\"7\""
      Chart.attribute(&html, "cx", x)
      Chart.attribute(&html, "cy", y)
      html += "/>"
    }
    html += "</svg>"
    if !points.isEmpty {
      Chart.tableHead(&html, caption: title, series: seriesName, target: nil)
      for point in points { Chart.tableRow(&html, point.label, point.text, target: nil) }
      html += "</table></div>"
    }
    return html + "</figure>"
  }
}
