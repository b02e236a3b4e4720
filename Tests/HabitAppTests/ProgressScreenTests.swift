import HabitApp
import HabitCore
import HabitSync
import Testing

private let today = Day(iso: "2026-11-22")!
private let noon: Int64 = 1_795_348_800_000

/// An app past onboarding with daily habits started on `start`.
private func app(_ titles: [String], start: Day = Day(iso: "2026-10-01")!) -> (AppState, [HabitID])
{
  var state = AppState(replica: Replica(device: "web-test"), today: today, now: noon)
  _ = state.handle(.onboardDone)
  for title in titles {
    _ = state.handle(.openAdd)
    _ = state.handle(.draft(field: "title", value: title))
    _ = state.handle(.draft(field: "category", value: "health"))
    _ = state.handle(.draft(field: "start", value: start.iso))
    _ = state.handle(.save)
  }
  let ids = titles.map { title in state.tracker.sortedHabits.first { $0.title == title }!.id }
  return (state, ids)
}

/// Marks `id` done on each day, as a person does: choose the day, tap the card.
private func mark(_ state: inout AppState, _ id: HabitID, _ days: [String]) {
  for day in days {
    _ = state.handle(.selectDay(Day(iso: day)!))
    _ = state.handle(.tap(id))
  }
  _ = state.handle(.goToday)
}

private func html(_ state: AppState) -> String { Render.page(state).html }

/// Issue 11: today's overview, the Progress tab, the Statistics tab and the detail's charts.
@Suite struct ProgressScreenTests {
  @Test func theOverviewCountsTheChosenDaysList() {
    var (state, ids) = app(["Read", "Run", "Stretch", "Walk", "Write"])
    mark(&state, ids[0], ["2026-11-22"])
    mark(&state, ids[1], ["2026-11-22", "2026-11-21"])
    mark(&state, ids[2], ["2026-11-22"])
    var page = html(state)
    #expect(page.contains("3 of 5 done"))
    #expect(page.contains(">60%</text>"))
    _ = state.handle(.selectDay(Day(iso: "2026-11-21")!))
    page = html(state)
    #expect(page.contains("1 of 5 done"))
    #expect(page.contains(">20%</text>"))
  }

  @Test func aWeeklyQuotaCountsInTheOverviewOnlyOnTheDayItIsDone() {
    var (state, ids) = app(["Gym"])
    _ = state.handle(.openEdit(ids[0]))
    _ = state.handle(.draft(field: "scheduleKind", value: "timesPerWeek"))
    _ = state.handle(.draft(field: "perWeek", value: "3"))
    _ = state.handle(.save)
    #expect(state.tracker.habit(ids[0])?.schedule == .timesPerWeek(3))
    #expect(html(state).contains("Nothing due"))
    #expect(!html(state).contains("0 of 1 done"))
    mark(&state, ids[0], ["2026-11-22"])
    #expect(html(state).contains("1 of 1 done"))
  }

  @Test func theOverviewLeavesSkippedHabitsOut() {
    var (state, ids) = app(["Read", "Run"])
    mark(&state, ids[0], ["2026-11-22"])
    _ = state.handle(.skip(ids[1]))
    #expect(html(state).contains("1 of 1 done"))
  }

  @Test func theProgressCalendarColoursEachDayByTheShareDone() {
    var (state, ids) = app(["Read", "Run"], start: Day(iso: "2026-11-02")!)
    mark(&state, ids[0], ["2026-11-20", "2026-11-21"])
    mark(&state, ids[1], ["2026-11-21"])
    _ = state.handle(.tab(.progress))
    let page = html(state)
    #expect(page.contains("November 2026"))
    #expect(
      page.contains(
        "class=\" l4\"><button type=\"button\" data-action=\"open-day\" data-arg=\"2026-11-21\""))
    #expect(page.contains("Friday, 20 November, 1 of 2 done"))
    #expect(page.contains("Thursday, 19 November, 0 of 2 done"))
    // Before the habits started nothing was due.
    #expect(page.contains("Sunday, 1 November, nothing due"))
    #expect(page.contains("aria-current=\"date\""))
    #expect(page.contains("This month: 3 of 42 done (7%) · Perfect days: 1"))
  }

  @Test func monthNavigationMovesTheCalendarAndTodayComesBack() {
    var (state, _) = app(["Read"])
    _ = state.handle(.tab(.progress))
    _ = state.handle(.progressMonth(YearMonth(year: 2026, month: 10)!))
    var page = html(state)
    #expect(page.contains("<span id=\"progress-month\">October 2026</span>"))
    #expect(page.contains("id=\"progress-today\""))
    _ = state.handle(.progressMonth(state.today.yearMonth))
    page = html(state)
    #expect(page.contains("November 2026"))
    #expect(!page.contains("id=\"progress-today\""))
  }

  @Test func tappingACalendarDayOpensThatDaysList() {
    var (state, _) = app(["Read"])
    _ = state.handle(.tab(.progress))
    _ = state.handle(.openDay(Day(iso: "2026-11-03")!))
    #expect(state.tab == .habits)
    #expect(state.habits.selectedDay == Day(iso: "2026-11-03")!)
    #expect(html(state).contains("Tuesday, 3 November"))
  }

  @Test func theHabitPickerDrawsStreaksAsConnectedRuns() {
    var (state, ids) = app(["Read", "Run"])
    mark(&state, ids[0], ["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-15"])
    _ = state.handle(.selectDay(Day(iso: "2026-11-14")!))
    _ = state.handle(.skip(ids[0]))
    _ = state.handle(.openDetail(ids[0]))
    _ = state.handle(.detailDay(Day(iso: "2026-11-15")!))
    _ = state.handle(.note(ids[0], "Long one"))
    _ = state.handle(.saveNote(ids[0]))
    _ = state.handle(.closeSheet)
    _ = state.handle(.tab(.progress))
    _ = state.handle(.progressHabit(ids[0]))
    let page = html(state)
    #expect(page.contains("class=\" done run run-start\""))
    #expect(page.contains("Wednesday, 11 November, done, Streak 3 days"))
    #expect(page.contains("class=\" done run run-end\""))
    #expect(page.contains("Saturday, 14 November, Skipped"))
    #expect(page.contains("Friday, 13 November, missed"))
    #expect(page.contains("Sunday, 15 November, done, Streak 1 day, Note: Long one"))
    #expect(page.contains("Current streak: 0 days · Longest streak: 3 days"))
    // An id that is not a habit falls back to every habit.
    _ = state.handle(.progressHabit(HabitID("nope")))
    #expect(state.progress.habit == nil)
  }

  @Test func statisticsShowThePlaceholderUntilTheFirstCheckIn() {
    var (state, ids) = app(["Read"])
    _ = state.handle(.tab(.statistics))
    #expect(html(state).contains(Strings.noStatistics))
    mark(&state, ids[0], ["2026-11-22"])
    _ = state.handle(.tab(.statistics))
    #expect(!html(state).contains(Strings.noStatistics))
  }

  @Test func averageValueCountsTheDaysSinceTheFirstCheckIn() {
    // The case: a habit started in 2020, tracked on the last 23 days.
    var (state, ids) = app(["Read"], start: Day(iso: "2020-01-06")!)
    let days = (0..<23).map { today.advanced(by: -$0).iso }
    mark(&state, ids[0], days)
    _ = state.handle(.tab(.statistics))
    let page = html(state)
    #expect(page.contains("<dd class=\"value\">1.00</dd>"))
    #expect(page.contains("over 23 days since the first check-in"))
  }

  @Test func thePeriodSelectorChangesEveryIndicator() {
    var (state, ids) = app(["Read"])
    mark(&state, ids[0], ["2026-10-05", "2026-10-06", "2026-11-22"])
    _ = state.handle(.tab(.statistics))
    _ = state.handle(.statisticsPeriod(.all))
    var page = html(state)
    #expect(page.contains("<dd class=\"value\">3</dd>"))
    #expect(page.contains("<dd class=\"value\">2 days</dd>"))
    _ = state.handle(.statisticsPeriod(.week))
    page = html(state)
    #expect(page.contains("aria-pressed=\"true\">This week</button>"))
    #expect(page.contains("<dd class=\"value\">1</dd>"))
    #expect(page.contains("<dd class=\"value\">1 day</dd>"))
    // Charts for weekdays, weeks and categories, each with a text alternative.
    for id in ["chart-weekdays", "chart-weeks", "chart-categories"] {
      #expect(page.contains("id=\"" + id + "\""))
    }
    #expect(page.contains("<div class=\"visually-hidden\"><table>"))
  }

  @Test func theDetailShowsEveryChartAndTheGroupingChanges() {
    var (state, ids) = app(["Read"], start: Day(iso: "2025-01-06")!)
    mark(&state, ids[0], ["2026-11-20", "2026-11-21", "2026-11-22", "2026-10-01"])
    _ = state.handle(.openDetail(ids[0]))
    #expect(!html(state).contains("id=\"chart-score\""))
    _ = state.handle(.drawRest)
    var page = html(state)
    for id in ["chart-score", "chart-history", "chart-frequency", "chart-year"] {
      #expect(page.contains("id=\"" + id + "\""))
    }
    #expect(page.contains("Best streaks"))
    // The year's squares read as a line per month.
    #expect(page.contains("<li>November 2026: 3 days met</li>"))
    #expect(page.contains("<li>October 2026: 1 day met</li>"))
    #expect(page.contains("3 days</strong> <span>20 Nov 2026 – 22 Nov 2026</span>"))
    _ = state.handle(.scoreBy(.month))
    _ = state.handle(.historyBy(.month))
    page = html(state)
    #expect(page.contains("Nov 2026"))
    #expect(state.progress.scoreBucket == .month && state.progress.historyBucket == .month)
  }

  @Test func progressEventsRoundTripThroughTheirAttributes() {
    let events: [AppEvent] = [
      .progressMonth(YearMonth(year: 2026, month: 3)!), .progressHabit(HabitID("h1")),
      .progressHabit(nil), .openDay(today), .statisticsPeriod(.year), .scoreBy(.quarter),
      .drawRest,
      .historyBy(.week),
    ]
    for original in events {
      let (name, argument, value) = original.attributes
      #expect(AppEvent(name: name.text, argument: argument, value: value) == original)
    }
    #expect(AppEvent(name: "history-by", argument: "day", value: "") == nil)
    #expect(AppEvent(name: "statistics-period", argument: "decade", value: "") == nil)
  }
}
