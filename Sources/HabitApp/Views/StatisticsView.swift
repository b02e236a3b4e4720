import HabitCore

/// The Statistics tab (seed 004): Best Streak, Perfect Days, Trackers Completed and Average Value,
/// each with its secondary text, over a chosen period, and charts of completion by weekday, per
/// week and per category.
enum StatisticsView {
  static func render(_ state: AppState) -> String {
    let period = state.progress.period
    let statistics = state.tracker.statistics(
      today: state.today, period: period, firstWeekday: state.firstWeekday)
    var html = "<header class=\"top\"><h1>" + Strings.statistics + "</h1></header>"
    guard statistics.hasCheckIns else {
      return html
        + "<section class=\"empty small\"><div class=\"empty-art\" aria-hidden=\"true\">📈</div><p>"
        + Strings.noStatistics + "</p></section>"
    }
    html +=
      "<div class=\"segments periods\" role=\"group\" aria-label=\"" + Strings.periodChoice + "\">"
    for choice in StatisticsPeriod.allCases {
      html += HTML.button(
        Strings.periodName(choice), .statisticsPeriod(choice), pressed: choice == period)
    }
    html += "</div><dl class=\"stats big indicators\">"
    func stat(_ value: String, _ name: String, _ detail: String) {
      html +=
        "<div><dt>" + name + "</dt><dd class=\"value\">" + value + "</dd><dd class=\"detail\">"
        + HTML.escape(detail) + "</dd></div>"
    }
    let bestTitle = statistics.bestStreakHabit.flatMap { state.tracker.habit($0)?.title }
    stat(
      Strings.streak(statistics.bestStreak), Strings.bestStreak,
      Strings.bestStreakDetail(bestTitle, statistics.bestStreak))
    let dayCount = statistics.range.map { $0.lowerBound.distance(to: $0.upperBound) + 1 } ?? 0
    stat(
      String(statistics.perfectDays), Strings.perfectDays, Strings.perfectDaysDetail(dayCount))
    stat(
      String(statistics.totalCompletions), Strings.completed,
      Strings.completedDetail(statistics.range))
    stat(
      statistics.averagePerDay.twoDecimals, Strings.averagePerDay,
      Strings.averageDetail(statistics.averagePerDay, sinceFirstCheckIn: period == .all))
    html += "</dl>"
    html += weekdayChart(statistics)
    html += weeksChart(statistics)
    html += categoryChart(statistics, state: state)
    return html
  }

  static let percentAxis = ["0%", "50%", "100%"]

  static func weekdayChart(_ statistics: TrackerStatistics) -> String {
    var names: [String] = []
    var rates: [Ratio] = []
    var counts: [Int] = []
    for figure in statistics.byWeekday {
      names.append(Strings.weekday(figure.weekday))
      rates.append(figure.rate)
      counts.append(figure.completions)
    }
    return rateChart(
      "chart-weekdays", Strings.completionByWeekday, names, rates, counts, horizontal: false)
  }

  /// Bars of completion rates, each read with its count of check-ins.
  static func rateChart(
    _ id: String, _ title: String, _ names: [String], _ rates: [Ratio], _ counts: [Int],
    horizontal: Bool
  ) -> String {
    var bars: [BarChart.Bar] = []
    for index in 0..<names.count {
      bars.append(
        BarChart.Bar(
          label: names[index], value: rates[index].percent,
          // Nothing was due (days ahead this week): no rate to read.
          text: rates[index].denominator == 0
            ? "–" : Strings.percent(rates[index]) + " · " + String(counts[index])))
    }
    return BarChart.render(
      id: id, title: title, bars: bars, maximum: 100, seriesName: Strings.completionSeries,
      targetName: nil, axisTexts: percentAxis, horizontal: horizontal)
  }

  /// The weeks of the period, the last 52 at most.
  static func weeksChart(_ statistics: TrackerStatistics) -> String {
    let points = statistics.weeks.suffix(52).map { week in
      ChartPoint(
        label: Strings.shortDate(week.start), value: week.rate.percent,
        text: Strings.percent(week.rate))
    }
    return LineChart.render(
      id: "chart-weeks", title: Strings.completionPerWeek, points: Array(points), maximum: 100,
      axisTexts: percentAxis, seriesName: Strings.completionSeries)
  }

  static func categoryChart(_ statistics: TrackerStatistics, state: AppState) -> String {
    var names: [String] = []
    var rates: [Ratio] = []
    var counts: [Int] = []
    for figure in statistics.categories {
      names.append(state.tracker.category(figure.category)?.name ?? "")
      rates.append(figure.rate)
      counts.append(figure.completions)
    }
    return rateChart(
      "chart-categories", Strings.byCategory, names, rates, counts, horizontal: true)
  }
}
