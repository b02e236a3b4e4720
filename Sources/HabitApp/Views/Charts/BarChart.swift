/// Bars: history per week or month (against a target line), frequency by weekday, completion rate
/// per week, and, laid out horizontally for long names, the breakdown per category.
enum BarChart {
  /// One bar: `label` on the axis and in the table, `value` in the chart's unit, `text` how it
  /// reads; `target` draws a dashed target line across the bar, read as `targetText`.
  struct Bar {
    let label: String
    let value: Int
    let text: String
    let target: Int?
    let targetText: String

    init(label: String, value: Int, text: String, target: Int? = nil, targetText: String = "") {
      self.label = label
      self.value = value
      self.text = text
      self.target = target
      self.targetText = targetText
    }
  }

  /// `maximum` is the top of the value axis (0 or less: the largest value or target);
  /// `axisTexts` the gridlines' texts from 0 to `maximum`, evenly spaced. `targetName` names the
  /// target line in the legend and the table when a bar has a target.
  static func render(
    id: String, title: String, bars: [Bar], maximum: Int, seriesName: String,
    targetName: String?, axisTexts: [String], horizontal: Bool = false
  ) -> String {
    var largest = 0
    var chars = 1
    var valueChars = 1
    var hasTarget = false
    for bar in bars {
      largest = max(largest, bar.value, bar.target ?? 0)
      chars = max(chars, bar.label.unicodeScalars.count)
      valueChars = max(valueChars, bar.text.unicodeScalars.count)
      if bar.target != nil { hasTarget = true }
    }
    let most = Chart.axisMaximum(maximum, largest)
    var html = ""
    if horizontal {
      drawRows(&html, id, title, bars, most, axisTexts, valueChars)
    } else {
      drawColumns(&html, id, title, bars, most, axisTexts, chars, valueChars)
    }
    html += "</svg>"
    let targetColumn = hasTarget ? targetName : nil
    if let targetColumn {
      html += "<ul class=\"legend\" aria-hidden=\"true\"><li><span class=\"key\"></span>"
      html += HTML.escape(seriesName)
      html += "</li><li><span class=\"key key-target\"></span>"
      html += HTML.escape(targetColumn)
      html += "</li></ul>"
    }
    if !bars.isEmpty {
      Chart.tableHead(&html, caption: title, series: seriesName, target: targetColumn)
      for bar in bars {
        Chart.tableRow(
          &html, bar.label, bar.text,
          target: targetColumn == nil ? nil : bar.target == nil ? "" : bar.targetText)
      }
      html += "</table></div>"
    }
    return html + "</figure>"
  }

  /// Vertical bars over the value axis, labels under them (thinned), each value above its bar
  /// when it fits.
  private static func drawColumns(
    _ html: inout String, _ id: String, _ title: String, _ bars: [Bar], _ most: Int,
    _ axisTexts: [String], _ chars: Int, _ valueChars: Int
  ) {
    Chart.open(
      &html, id: id, kind: "chart-bars", title: title, width: Chart.width, height: Chart.height,
      font: Chart.font)
    let left = Chart.axisWidth(axisTexts)
    let span = Chart.width - 8 - left
    Chart.valueAxis(&html, axisTexts, left: left, right: left + span)
    let count = bars.count
    let step = Chart.labelStep(count: count, chars: chars, span: span)
    var targets = ""
    for index in bars.indices {
      let bar = bars[index]
      let x = left + Chart.scaled(index, count, span)
      let slot = left + Chart.scaled(index + 1, count, span) - x
      let width = max(1, slot * 3 / 4)
      let height = Chart.scaled(bar.value, most, Chart.baseline - Chart.top)
      if height > 0 {
        Chart.rect(
          &html, "bar", x: x + (slot - width) / 2, y: Chart.baseline - height, width: width,
          height: height)
      }
      if let target = bar.target {
        Chart.move(
          &targets, x, Chart.baseline - Chart.scaled(target, most, Chart.baseline - Chart.top))
        Chart.line(&targets, "h", slot)
      }
      let center = x + slot / 2
      if valueChars * Chart.charWidth <= slot {
        Chart.text(
          &html, bar.text, x: center, y: Chart.baseline - height - 8, anchor: "middle",
          classes: "value")
      }
      if (count - 1 - index) % step == 0 { Chart.axisLabel(&html, bar.label, x: center) }
    }
    Chart.path(&html, "target", targets)
  }

  /// Horizontal bars, one row each: the name above its bar (the whole width: 40 characters fit,
  /// longer ones are cut at the edge; the table has them whole), the value after the bar, the
  /// axis texts at the bottom.
  private static func drawRows(
    _ html: inout String, _ id: String, _ title: String, _ bars: [Bar], _ most: Int,
    _ axisTexts: [String], _ valueChars: Int
  ) {
    let plot = max(Chart.width - valueChars * Chart.charWidth - 16, Chart.width / 2)
    let bottom = 8 + bars.count * 64
    Chart.open(
      &html, id: id, kind: "chart-bars chart-rows", title: title, width: Chart.width,
      height: bottom + (axisTexts.isEmpty ? 8 : 40), font: Chart.font)
    var lines = ""
    let steps = axisTexts.count - 1
    for index in axisTexts.indices {
      let x = steps > 0 ? Chart.scaled(index, steps, plot) : 0
      Chart.move(&lines, x, 0)
      Chart.line(&lines, "V", bottom)
      Chart.text(
        &html, axisTexts[index], x: x, y: bottom + 30,
        anchor: index == 0 ? "start" : index == steps ? "end" : "middle")
    }
    Chart.path(&html, "grid", lines)
    var targets = ""
    for index in bars.indices {
      let bar = bars[index]
      let y = 8 + index * 64
      Chart.text(&html, bar.label, x: 0, y: y + 22)
      let length = Chart.scaled(bar.value, most, plot)
      if length > 0 { Chart.rect(&html, "bar", x: 0, y: y + 30, width: length, height: 24) }
      Chart.text(&html, bar.text, x: length + 8, y: y + 50, classes: "value")
      if let target = bar.target {
        Chart.move(&targets, Chart.scaled(target, most, plot), y + 26)
        Chart.line(&targets, "v", 32)
      }
    }
    Chart.path(&html, "target", targets)
  }
}
