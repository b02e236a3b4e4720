import HabitCore

/// The detail's charts, Loop's bar to beat: strength over time, history against the target,
/// frequency by weekday, the best streaks with their dates, and the last year's days. Each chart
/// and each grouping is a region: a grouping click repaints its chart and its buttons.
enum DetailCharts {
  /// The charts in the order they show.
  enum Kind: CaseIterable {
    case score
    case history
    case frequency
    case streaks
    case year

    var id: String {
      switch self {
      case .score: return "chart-score"
      case .history: return "chart-history"
      case .frequency: return "chart-frequency"
      case .streaks: return "best-streaks"
      case .year: return "chart-year"
      }
    }
  }

  static func render(_ habit: Habit, state: AppState, into page: inout Page) {
    page.append("<section class=\"charts\" aria-label=\"" + Strings.charts + "\">")
    let isHabit = habit.kind == .habit
    for kind in Kind.allCases where isHabit || kind == .history || kind == .year {
      // A chart is drawn again only when what it is drawn from changed: a grouping click
      // redraws its own chart alone.
      var inputs = ChartInputs(
        habit: habit, log: state.tracker.log(habit.id), today: state.today,
        firstWeekday: state.firstWeekday, bucket: .day)
      if kind == .score { inputs.bucket = state.progress.scoreBucket }
      if kind == .history { inputs.bucket = state.progress.historyBucket }
      var html = page.keptChart(kind.id, inputs) ?? ""
      if html.isEmpty { html = render(kind, habit, state: state, bucket: inputs.bucket) }
      if !html.isEmpty { page.chart(kind.id, html, inputs) }
      // Each grouping follows its chart, where its caption names it.
      if kind == .score {
        page.region(
          "score-by",
          choices(
            Strings.strengthOverTime, id: "score-by", all: Bucket.allCases,
            chosen: inputs.bucket, event: { .scoreBy($0) }))
      }
      if kind == .history {
        page.region(
          "history-by",
          choices(
            Strings.history, id: "history-by", all: [.week, .month, .quarter, .year],
            chosen: inputs.bucket, event: { .historyBy($0) }))
      }
    }
    page.append("</section>")
  }

  static func render(_ kind: Kind, _ habit: Habit, state: AppState, bucket: Bucket) -> String {
    switch kind {
    case .score: return score(habit, state: state, bucket: bucket)
    case .history: return history(habit, state: state, bucket: bucket)
    case .frequency: return frequency(habit, state: state)
    case .streaks: return bestStreaks(habit, state: state)
    case .year: return year(habit, state: state)
    }
  }

  /// Strength over the last days, weeks, months, quarters or years.
  static func score(_ habit: Habit, state: AppState, bucket: Bucket) -> String {
    let scores =
      (try? state.tracker.scores(
        for: habit.id, by: bucket, today: state.today, firstWeekday: state.firstWeekday)) ?? []
    let shown = scores.suffix(bucket == .day ? 30 : bucket == .week ? 26 : 24)
    return LineChart.render(
      id: "chart-score", title: Strings.strengthOverTime,
      points: shown.map { point in
        ChartPoint(
          label: Strings.bucketLabel(bucket, point.start), value: point.percent,
          text: String(point.percent) + "%")
      }, maximum: 100, axisTexts: StatisticsView.percentAxis,
      seriesName: Strings.strengthSeries)
  }

  /// A row of choices (the charts' grouping), the chosen one pressed.
  static func choices(
    _ label: String, id: String, all: [Bucket], chosen: Bucket, event: (Bucket) -> AppEvent
  ) -> String {
    var html =
      "<div class=\"segments choices\" role=\"group\" id=\"" + id + "\" aria-label=\""
      + Strings.groupBy + ": " + label + "\">"
    for bucket in all {
      html += HTML.button(Strings.bucketName(bucket), event(bucket), pressed: bucket == chosen)
    }
    return html + "</div>"
  }

  /// Bars per week, month, quarter or year: days done (or the amount) against what the
  /// schedule asks.
  static func history(_ habit: Habit, state: AppState, bucket: Bucket) -> String {
    let bars =
      (try? state.tracker.history(
        for: habit.id, by: bucket, today: state.today, firstWeekday: state.firstWeekday)) ?? []
    let shown = bars.suffix(bucket == .year ? 10 : 12)
    var largest: Int64 = 1
    for bar in shown { largest = max(largest, bar.value.thousandths, bar.target?.thousandths ?? 0) }
    // Whole viewBox arithmetic stays inside 32-bit integers: values are scaled to at most 10⁵.
    var scale: Int64 = 1
    while largest / scale > 100_000 { scale *= 10 }
    let axis = countAxis(Int(largest / scale))
    let measured: Bool
    if case .done = habit.measure { measured = false } else { measured = true }
    let chartBars = shown.map { bar in
      BarChart.Bar(
        label: Strings.bucketLabel(bucket, bar.start), value: Int(bar.value.thousandths / scale),
        text: bar.value.text + (measured ? "" : " " + Strings.daysWord),
        target: bar.target.map { Int($0.thousandths / scale) },
        targetText: bar.target?.text ?? "")
    }
    var texts: [String] = []
    for step in axis.texts {
      texts.append(Amount(thousandths: Int64(step) * scale).text)
    }
    return BarChart.render(
      id: "chart-history", title: Strings.history, bars: chartBars, maximum: axis.maximum,
      seriesName: measured ? Strings.totalSeries : Strings.doneSeries,
      targetName: habit.kind == .irregularEvent
        ? nil : habit.direction == .quit ? Strings.limitSeries : Strings.targetSeries,
      axisTexts: texts)
  }

  /// A value axis from 0 to a round maximum at or above `largest`, in three steps.
  static func countAxis(_ largest: Int) -> (maximum: Int, texts: [Int]) {
    var base = 1
    while true {
      for factor in [2, 4, 10] where factor * base >= largest {
        return (factor * base, [0, factor * base / 2, factor * base])
      }
      base *= 10
    }
  }

  static func frequency(_ habit: Habit, state: AppState) -> String {
    let figures = (try? state.tracker.weekdayFrequency(for: habit.id, today: state.today)) ?? []
    guard figures.count == 7 else { return "" }
    var largest = 0
    for figure in figures { largest = max(largest, figure.completions) }
    let axis = countAxis(largest)
    var bars: [BarChart.Bar] = []
    for weekday in Weekday.week(startingOn: state.firstWeekday) {
      let figure = figures[weekday.rawValue - 1]
      bars.append(
        BarChart.Bar(
          label: Strings.weekday(weekday), value: figure.completions,
          text: String(figure.completions) + " (" + Strings.percent(figure.rate) + ")"))
    }
    return BarChart.render(
      id: "chart-frequency", title: Strings.byWeekday, bars: bars, maximum: axis.maximum,
      seriesName: Strings.doneSeries, targetName: nil,
      axisTexts: [String(axis.texts[0]), String(axis.texts[1]), String(axis.texts[2])])
  }

  /// The five longest streaks, longest first, as bars with their dates.
  static func bestStreaks(_ habit: Habit, state: AppState) -> String {
    let best =
      (try? state.tracker.bestStreaks(
        for: habit.id, today: state.today, firstWeekday: state.firstWeekday)) ?? []
    var html =
      "<section class=\"best-streaks\" id=\"best-streaks\"><h3>" + Strings.bestStreaks + "</h3>"
    guard let longest = best.first?.length, longest > 0 else {
      return html + "<p class=\"help\">" + Strings.noStreaksYet + "</p></section>"
    }
    html += "<ol>"
    for streak in best {
      html +=
        "<li><span class=\"bar w" + String((streak.length * 10 + longest - 1) / longest)
        + "\"></span><strong>" + Strings.streak(streak) + "</strong> <span>"
        + Strings.span(streak.start, streak.end) + "</span></li>"
    }
    return html + "</ol></section>"
  }

  /// The last 53 weeks, a square per day shaded by how full it was; screen readers get each
  /// month's days met and skipped.
  static func year(_ habit: Habit, state: AppState) -> String {
    let today = state.today
    let start = Bucket.week.start(of: today, firstWeekday: state.firstWeekday).advanced(by: -52 * 7)
    let log = state.tracker.log(habit.id)
    var cells: [YearHeatmap.Cell] = []
    cells.reserveCapacity(start.distance(to: today) + 1)
    var summary: [String] = []
    var met = 0
    var skipped = 0
    var day = start
    while day <= today {
      let entry = log[day]
      let level = day < habit.startDay ? 0 : habit.level(of: entry, isOver: day < today)
      if level == 4 { met += 1 }
      if entry?.isSkipped == true { skipped += 1 }
      cells.append(YearHeatmap.Cell(day: day, level: level))
      let next = day.advanced(by: 1)
      if next.dayOfMonth == 1 || next > today {
        summary.append(Strings.monthSummary(day.yearMonth, met: met, skipped: skipped))
        met = 0
        skipped = 0
      }
      day = next
    }
    return YearHeatmap.render(
      id: "chart-year", title: Strings.lastYear, cells: cells, firstWeekday: state.firstWeekday,
      monthName: { String(Strings.monthNames[$0 - 1].prefix(3)) },
      weekdayName: { Strings.weekday($0) }, legendLow: Strings.less, legendHigh: Strings.more,
      summary: summary)
  }
}
