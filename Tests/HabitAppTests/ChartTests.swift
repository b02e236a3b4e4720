import HabitCore
import Testing

@testable import HabitApp

/// The SVG charts: a caption, axis texts, a legend where two things are drawn, the values as a
/// hidden table, escaped user text, whole-number coordinates that put values where they belong.
@Suite struct ChartTests {
  private func occurrences(of needle: String, in html: String) -> Int {
    html.split(separator: needle, omittingEmptySubsequences: false).count - 1
  }

  /// The whole numbers in the `d` of the first path of class `classes`.
  private func pathNumbers(_ classes: String, in html: String) -> [Int] {
    guard let start = html.firstRange(of: "<path class=\"" + classes + "\" d=\"") else { return [] }
    let data = html[start.upperBound...].prefix { $0 != "\"" }
    return data.split { !$0.isNumber }.compactMap { Int($0) }
  }

  /// The value of `name` in every `<rect class="bar" …>`.
  private func barAttribute(_ name: String, in html: String) -> [Int] {
    html.split(separator: "<rect class=\"bar\"").dropFirst().compactMap { rect in
      guard let range = rect.firstRange(of: " " + name + "=\"") else { return nil }
      return Int(rect[range.upperBound...].prefix { $0 != "\"" })
    }
  }

  private let percentAxis = ["0%", "50%", "100%"]

  private func points(_ values: [Int]) -> [ChartPoint] {
    values.enumerated().map { index, value in
      ChartPoint(label: "W" + String(index + 1), value: value, text: String(value) + "%")
    }
  }

  // MARK: Line chart

  @Test func aLineChartHasItsCaptionAxisTextsAndOneTableRowPerPoint() {
    let html = LineChart.render(
      id: "score", title: "Strength", points: points([10, 40, 72]), maximum: 100,
      axisTexts: percentAxis, seriesName: "Score")
    #expect(html.hasPrefix("<figure class=\"chart chart-line\" id=\"score\"><figcaption>Strength"))
    #expect(html.contains("aria-hidden=\"true\""))
    for text in percentAxis { #expect(html.contains(">" + text + "</text>")) }
    #expect(html.contains("<div class=\"visually-hidden\"><table><caption>Strength</caption>"))
    #expect(html.contains("<th scope=\"col\">Score</th>"))
    #expect(occurrences(of: "<th scope=\"row\">", in: html) == 3)
    #expect(html.contains("<th scope=\"row\">W3</th><td>72%</td></tr>"))
    #expect(html.hasSuffix("</table></div></figure>"))
    #expect(!html.contains("class=\"legend\""), "one series needs no legend")
  }

  @Test func aLineChartPutsTheMaximumOnTheTopGridlineAndZeroOnTheBaseline() {
    let html = LineChart.render(
      id: "s", title: "S", points: points([0, 50, 100]), maximum: 100, axisTexts: percentAxis,
      seriesName: "Score")
    let numbers = pathNumbers("plot", in: html)
    #expect(numbers.count == 6)
    let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
    #expect(ys == [Chart.baseline, (Chart.baseline + Chart.top) / 2, Chart.top])
    #expect(numbers[0] < numbers[2] && numbers[2] < numbers[4])
    #expect(numbers[4] <= Chart.width)
    // The gridlines are at the same heights.
    let grid = pathNumbers("grid", in: html)
    #expect(Set(stride(from: 1, to: grid.count, by: 3).map { grid[$0] }) == Set(ys))
  }

  @Test func aLineChartClampsValuesAboveTheMaximumAndBelowZero() {
    let html = LineChart.render(
      id: "s", title: "S", points: points([-5, 250]), maximum: 100, axisTexts: percentAxis,
      seriesName: "Score")
    let numbers = pathNumbers("plot", in: html)
    #expect(numbers[1] == Chart.baseline)
    #expect(numbers[3] == Chart.top)
  }

  @Test func tenYearsOfDaysShowAFewLabelsThatFitAndEveryDayInTheTable() {
    let values = (0..<3650).map { $0 / 37 }
    let html = LineChart.render(
      id: "s", title: "S", points: points(values), maximum: 100, axisTexts: percentAxis,
      seriesName: "Score")
    let labels = occurrences(of: "<text", in: html) - percentAxis.count
    #expect(labels >= 2 && labels <= 8)
    #expect(html.contains(">W3650</text>"), "the newest point is always labelled")
    #expect(occurrences(of: "<th scope=\"row\">", in: html) == 3650)
    let numbers = pathNumbers("plot", in: html)
    #expect(numbers.allSatisfy { $0 >= 0 && $0 <= Chart.width })
    #expect(numbers.count < 2 * 3650, "points on the same spot are drawn once")
  }

  @Test func fewPointsAreAllLabelled() {
    let html = LineChart.render(
      id: "s", title: "S", points: points([1, 2, 3, 4]), maximum: 10, axisTexts: [],
      seriesName: "Score")
    for label in ["W1", "W2", "W3", "W4"] { #expect(html.contains(">" + label + "</text>")) }
  }

  @Test func anEmptyOrAllZeroLineChartDrawsItsFrameWithoutDividingByZero() {
    let empty = LineChart.render(
      id: "s", title: "Strength", points: [], maximum: 0, axisTexts: [], seriesName: "Score")
    #expect(empty.contains("<figcaption>Strength</figcaption>"))
    #expect(!empty.contains("<table"))
    #expect(!empty.contains("class=\"plot\""))
    #expect(empty.hasSuffix("</svg></figure>"))
    let zeros = LineChart.render(
      id: "s", title: "S", points: points([0, 0]), maximum: 0, axisTexts: ["0"], seriesName: "Score"
    )
    #expect(pathNumbers("plot", in: zeros)[1] == Chart.baseline)
    let one = LineChart.render(
      id: "s", title: "S", points: points([7]), maximum: 0, axisTexts: [], seriesName: "Score")
    #expect(one.contains("<circle class=\"plot-end\""))
    #expect(pathNumbers("plot", in: one) == [Chart.width - 16, Chart.top])
  }

  @Test func everyTextInALineChartIsEscaped() {
    let html = LineChart.render(
      id: "a\"b", title: "<Run & walk>",
      points: [ChartPoint(label: "<b>", value: 1, text: "1 & 2")],
      maximum: 1, axisTexts: ["<0>"], seriesName: "\"Score\"")
    #expect(!html.contains("<b>"))
    #expect(!html.contains("<Run"))
    #expect(!html.contains("<0>"))
    #expect(html.contains("&lt;Run &amp; walk&gt;"))
    #expect(html.contains("&lt;b&gt;"))
    #expect(html.contains("1 &amp; 2"))
    #expect(html.contains("&quot;Score&quot;"))
    #expect(html.contains("id=\"a&quot;b\""))
  }

  // MARK: Bar chart

  private func bars(_ values: [Int], target: Int? = nil) -> [BarChart.Bar] {
    values.enumerated().map { index, value in
      BarChart.Bar(
        label: "M" + String(index + 1), value: value, text: String(value), target: target,
        targetText: target.map { String($0) + " goal" } ?? "")
    }
  }

  @Test func barsWithATargetHaveALegendAndATargetColumn() {
    let html = BarChart.render(
      id: "history", title: "History", bars: bars([5, 10, 0], target: 8), maximum: 10,
      seriesName: "Done", targetName: "Target", axisTexts: ["0", "5", "10"])
    #expect(html.hasPrefix("<figure class=\"chart chart-bars\" id=\"history\"><figcaption>History"))
    #expect(
      html.contains(
        "<ul class=\"legend\" aria-hidden=\"true\"><li><span class=\"key\"></span>Done</li>"
          + "<li><span class=\"key key-target\"></span>Target</li></ul>"))
    #expect(html.contains("<th scope=\"col\">Done</th><th scope=\"col\">Target</th>"))
    #expect(html.contains("<th scope=\"row\">M2</th><td>10</td><td>8 goal</td></tr>"))
    #expect(occurrences(of: "<th scope=\"row\">", in: html) == 3)
    // One target segment per bar, all at 8 of 10.
    let target = pathNumbers("target", in: html)
    #expect(target.count == 9)
    let y = Chart.baseline - (Chart.baseline - Chart.top) * 8 / 10
    #expect([target[1], target[4], target[7]] == [y, y, y])
  }

  @Test func barsWithoutATargetHaveNoLegend() {
    let html = BarChart.render(
      id: "w", title: "By weekday", bars: bars([1, 2]), maximum: 0, seriesName: "Done",
      targetName: "Target", axisTexts: [])
    #expect(!html.contains("legend"))
    #expect(!html.contains("class=\"target\""))
    #expect(html.contains("<tr><td></td><th scope=\"col\">Done</th></tr>"))
  }

  @Test func aFullBarReachesTheTopGridlineAndAHalfBarHalfway() {
    let html = BarChart.render(
      id: "b", title: "B", bars: bars([10, 5, 0]), maximum: 10, seriesName: "Done",
      targetName: nil, axisTexts: ["0", "10"])
    let height = Chart.baseline - Chart.top
    #expect(barAttribute("y", in: html) == [Chart.top, Chart.baseline - height / 2])
    #expect(barAttribute("height", in: html) == [height, height / 2])
    #expect(occurrences(of: "<rect", in: html) == 2, "a zero draws no bar")
    // Values that fit are written above their bars.
    #expect(html.contains("class=\"value\">10</text>"))
  }

  @Test func manyBarsThinTheirLabelsAndStayInside() {
    let html = BarChart.render(
      id: "b", title: "B", bars: bars(Array(repeating: 3, count: 520)), maximum: 0,
      seriesName: "Done", targetName: nil, axisTexts: [])
    let labels = occurrences(of: "<text", in: html)
    #expect(labels >= 2 && labels <= 8, "values do not fit above thin bars, labels are thinned")
    #expect(barAttribute("width", in: html).allSatisfy { $0 >= 1 })
    #expect(barAttribute("x", in: html).allSatisfy { $0 >= 0 && $0 < Chart.width })
    #expect(occurrences(of: "<th scope=\"row\">", in: html) == 520)
  }

  @Test func emptyAndZeroBarChartsDoNotDivideByZero() {
    let empty = BarChart.render(
      id: "b", title: "Categories", bars: [], maximum: 0, seriesName: "Done", targetName: nil,
      axisTexts: ["0%", "100%"], horizontal: true)
    #expect(empty.contains("<figcaption>Categories</figcaption>"))
    #expect(!empty.contains("<table"))
    let zeros = BarChart.render(
      id: "b", title: "B", bars: bars([0, 0], target: 0), maximum: 0, seriesName: "Done",
      targetName: "Target", axisTexts: [])
    #expect(!zeros.contains("<rect"))
    #expect(occurrences(of: "<th scope=\"row\">", in: zeros) == 2)
    let column = BarChart.render(
      id: "b", title: "B", bars: [], maximum: 0, seriesName: "Done", targetName: nil, axisTexts: [])
    #expect(column.hasSuffix("</svg></figure>"))
  }

  @Test func horizontalBarsNameEachRowAndEscapeTheNames() {
    let long = "Reading & writing, every day"
    let html = BarChart.render(
      id: "c", title: "By category",
      bars: [
        BarChart.Bar(label: long, value: 3, text: "75%"),
        BarChart.Bar(label: "<Health>", value: 1, text: "25%"),
      ],
      maximum: 4, seriesName: "Done", targetName: nil, axisTexts: ["0", "4"], horizontal: true)
    #expect(html.contains("chart-bars chart-rows"))
    #expect(html.contains(">Reading &amp; writing, every day</text>"))
    #expect(html.contains("&lt;Health&gt;</text>"))
    #expect(!html.contains("<Health>"))
    #expect(html.contains("<th scope=\"row\">" + HTML.escape(long) + "</th>"))
    let widths = barAttribute("width", in: html)
    #expect(abs(widths[0] - 3 * widths[1]) <= 2)
    #expect(widths.allSatisfy { $0 < Chart.width })
    #expect(html.contains("class=\"value\">75%</text>"))
  }

  // MARK: Progress ring

  @Test func theRingShowsThePercentDone() {
    let html = ProgressRing.render(done: 3, of: 5, label: "3 of 5 done")
    #expect(html.contains(">60%</text>"))
    #expect(html.contains("stroke-dasharray=\"60 100\""))
    #expect(html.contains("role=\"img\" aria-label=\"3 of 5 done\""))
    #expect(ProgressRing.render(done: 2, of: 3, label: "").contains(">66%</text>"))
  }

  @Test func theRingReadsOneHundredOnlyWhenAllIsDoneAndZeroOnlyWhenNothingIs() {
    #expect(ProgressRing.render(done: 999, of: 1000, label: "").contains(">99%</text>"))
    #expect(ProgressRing.render(done: 1, of: 1000, label: "").contains(">1%</text>"))
    let nothing = ProgressRing.render(done: 0, of: 0, label: "<none>")
    #expect(nothing.contains(">0%</text>"))
    #expect(!nothing.contains("ring-fill"), "an empty ring draws no dot")
    #expect(nothing.contains("aria-label=\"&lt;none&gt;\""))
  }

  @Test func aRingWithoutALabelIsHiddenFromScreenReaders() {
    let html = ProgressRing.render(done: 1, of: 2, label: "")
    #expect(html.hasPrefix("<svg class=\"ring\" viewBox=\"0 0 36 36\" aria-hidden=\"true\">"))
    #expect(!html.contains("role="))
    #expect(html.contains(">50%</text>"))
  }

  // MARK: Year heatmap

  private let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
    "Nov", "Dec",
  ]
  private let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  private func heatmap(from first: Day, days: Int, firstWeekday: Weekday = .monday) -> String {
    let cells = (0..<days).map { offset in
      let day = first.advanced(by: offset)
      return YearHeatmap.Cell(day: day, level: offset % 6)
    }
    return YearHeatmap.render(
      id: "year", title: "Last year", cells: cells, firstWeekday: firstWeekday,
      monthName: { months[$0 - 1] }, weekdayName: { weekdays[$0.isoNumber - 1] },
      legendLow: "Less", legendHigh: "More",
      summary: days == 0 ? [] : ["November 2025: 3 days <met>", "December 2025: 9 days met"])
  }

  @Test func aYearHeatmapHasADayPerSquareMonthNamesAndALegend() {
    let html = heatmap(from: Day(iso: "2025-11-23")!, days: 365)
    #expect(html.hasPrefix("<figure class=\"chart chart-heat\" id=\"year\"><figcaption>Last year"))
    #expect(occurrences(of: "h14v14h-14z", in: html) == 365)
    // Screen readers read the summary's lines, escaped, not a line per day.
    #expect(occurrences(of: "<li>", in: html) == 2)
    #expect(html.contains("<li>November 2025: 3 days &lt;met&gt;</li>"))
    for month in months { #expect(html.contains(">" + month + "</text>")) }
    // Levels above 4 count as 4.
    #expect(occurrences(of: "<path class=\"l", in: html) == 5)
    #expect(
      html.contains(
        "<div class=\"legend\" aria-hidden=\"true\"><span>Less</span><span class=\"key l0\"></span>"
      ))
    #expect(html.contains("<span class=\"key l4\"></span><span>More</span></div>"))
    // Two bands, each with its weekday names.
    for name in ["Mon", "Wed", "Fri", "Sun"] {
      #expect(occurrences(of: ">" + name + "</text>", in: html) == 2)
    }
    #expect(!html.contains(">Tue</text>"))
  }

  @Test func heatmapMonthNamesNeverCrowdEachOther() {
    for start in 0..<7 {
      let html = heatmap(
        from: Day(iso: "2025-01-01")!.advanced(by: start * 5), days: 371, firstWeekday: .sunday)
      var columns: [Int] = []
      for part in html.split(separator: "<text x=\"").dropFirst() {
        let name = part.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }
        if months.contains(String(name)) { columns.append(Int(part.prefix { $0 != "\"" })!) }
      }
      #expect(columns.count >= 12)
      // Labels in one band rise left to right at least three weeks apart; a new band starts over.
      for (previous, next) in zip(columns, columns.dropFirst()) where next > previous {
        #expect(next - previous >= 3 * YearHeatmap.pitch)
      }
    }
  }

  @Test func anEmptyHeatmapStillHasItsCaptionAndLegend() {
    let html = heatmap(from: Day(iso: "2026-01-01")!, days: 0)
    #expect(html.contains("<figcaption>Last year</figcaption>"))
    #expect(html.contains("<span>More</span>"))
    #expect(!html.contains("<ul"))
    #expect(!html.contains("<path"))
  }
}
