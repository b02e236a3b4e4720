import HabitCore

/// Figures over all habits: best streak, perfect days, completions, average, and a heatmap.
enum StatisticsView {
  static func render(_ state: AppState) -> String {
    let statistics = state.tracker.statistics(today: state.today)
    var html = "<header class=\"top\"><h1>" + Strings.statistics + "</h1></header>"
    guard statistics.totalCompletions > 0 else {
      return html
        + "<section class=\"empty small\"><div class=\"empty-art\" aria-hidden=\"true\">📈</div><p>"
        + Strings.noStatistics + "</p></section>"
    }
    html += "<dl class=\"stats big\">"
    func stat(_ name: String, _ value: String) {
      html += "<div><dd>" + value + "</dd><dt>" + name + "</dt></div>"
    }
    stat(Strings.bestStreak, Strings.streak(statistics.bestStreak))
    stat(Strings.perfectDays, String(statistics.perfectDays))
    stat(Strings.completed, String(statistics.totalCompletions))
    stat(Strings.averagePerDay, statistics.averagePerDay.twoDecimals)
    html +=
      "</dl><figure class=\"heatmap year\"><figcaption>" + Strings.habits
      + "</figcaption><ol class=\"cells\">"
    for cell in statistics.heatmap(state.today.advanced(by: -83)...state.today) {
      html +=
        "<li class=\"l" + String(cell.level) + "\" aria-label=\""
        + HTML.escape(Strings.longDate(cell.day)) + ": "
        + String(cell.met) + "/" + String(cell.due) + "\"></li>"
    }
    return html + "</ol></figure>"
  }
}
