import Foundation
import HabitApp
import HabitCore
import HabitSync
import Testing

private let today = Day(iso: "2026-11-22")!
private let noon: Int64 = 1_795_348_800_000

/// A fresh app past onboarding.
private func makeApp() -> AppState {
  var state = AppState(replica: Replica(device: "web-test"), today: today, now: noon)
  _ = state.handle("onboard-done", argument: "", value: "")
  return state
}

/// Fills the add sheet and saves.
@discardableResult
private func add(
  _ state: inout AppState, title: String, category: String = "health", measure: String = "done"
)
  -> [AppEffect]
{
  _ = state.handle("open-add", argument: "", value: "")
  _ = state.handle("draft", argument: "title", value: title)
  _ = state.handle("draft", argument: "category", value: category)
  _ = state.handle("draft", argument: "measureKind", value: measure)
  if measure == "quantity" {
    _ = state.handle("draft", argument: "quantityTarget", value: "2")
    _ = state.handle("draft", argument: "unit", value: "l")
  }
  return state.handle("save", argument: "", value: "")
}

@Suite struct AppTests {
  @Test func onboardingHasPagesDotsAndGetStarted() {
    var state = AppState(replica: Replica(device: "web-test"), today: today, now: noon)
    #expect(Render.page(state).html.contains("Build habits that last"))
    #expect(Render.page(state).html.contains("aria-selected=\"true\" aria-label=\"Page 1 of 3\""))
    _ = state.handle("onboard-next", argument: "", value: "")
    _ = state.handle("onboard-next", argument: "", value: "")
    #expect(Render.page(state).html.contains("Get started"))
    let effects = state.handle("onboard-done", argument: "", value: "")
    #expect(effects == [.persist])
    #expect(Render.page(state).html.contains("No habits yet"))
  }

  @Test func addingMarkingAndOrderingHabits() {
    var state = makeApp()
    #expect(add(&state, title: "Read") == [.persist])
    add(&state, title: "Walk")
    #expect(state.sheet == nil)
    let ids = state.tracker.sortedHabits.map(\.id)
    var page = Render.page(state).html
    #expect(page.range(of: "Read")!.lowerBound < page.range(of: "Walk")!.lowerBound)
    _ = state.handle("tap", argument: ids[0].rawValue, value: "")
    page = Render.page(state).html
    // Done stays where it was: the next tap undoes a mistake in place.
    #expect(page.range(of: "Read")!.lowerBound < page.range(of: "Walk")!.lowerBound)
    #expect(page.contains("aria-pressed=\"true\""))
    #expect(page.contains("🔥 1 day"))
  }

  @Test func countsAndQuantitiesAreTrackedFromTheCard() {
    var state = makeApp()
    add(&state, title: "Water", measure: "count")
    add(&state, title: "Run", measure: "quantity")
    let water = state.tracker.sortedHabits.first { $0.title == "Water" }!.id
    let run = state.tracker.sortedHabits.first { $0.title == "Run" }!.id
    _ = state.handle("tap", argument: water.rawValue, value: "")
    _ = state.handle("amount", argument: run.rawValue, value: "1,5")
    _ = state.handle("log-amount", argument: run.rawValue, value: "")
    #expect(state.tracker.log(water)[today]?.value == Amount(1))
    #expect(state.tracker.log(run)[today]?.value == Amount(thousandths: 1500))
    #expect(Render.page(state).html.contains("1.5/2 l"))
  }

  @Test func invalidFormsExplainAndSaveNothing() {
    var state = makeApp()
    _ = state.handle("open-add", argument: "", value: "")
    #expect(Render.page(state).html.contains("id=\"save\" disabled"))
    _ = state.handle("draft", argument: "title", value: "")
    var page = Render.page(state).html
    #expect(page.contains(HabitError.emptyTitle.message))
    #expect(page.contains(HTML.escape(HabitError.missingCategory.message)))
    _ = state.handle("draft", argument: "title", value: String(repeating: "x", count: 39))
    _ = state.handle("draft", argument: "category", value: "health")
    page = Render.page(state).html
    #expect(page.contains(HTML.escape(HabitError.titleTooLong(length: 39).message)))
    _ = state.handle("save", argument: "", value: "")
    #expect(state.dialog == .missingFields([HabitError.titleTooLong(length: 39).message]))
    #expect(state.tracker.habits.isEmpty)
    _ = state.handle("dismiss", argument: "", value: "")
    #expect(state.dialog == nil)
  }

  @Test func deletingAsksFirstAndRemovesHistory() {
    var state = makeApp()
    add(&state, title: "Read")
    let id = state.tracker.sortedHabits[0].id
    _ = state.handle("tap", argument: id.rawValue, value: "")
    _ = state.handle("open-detail", argument: id.rawValue, value: "")
    #expect(Render.page(state).html.contains("Current streak"))
    _ = state.handle("delete", argument: id.rawValue, value: "")
    let page = Render.page(state).html
    #expect(page.contains("Delete Read"))
    #expect(page.contains("Are you sure you want to delete Read?"))
    _ = state.handle("dismiss", argument: "", value: "")
    #expect(state.tracker.habit(id) != nil)
    _ = state.handle("delete", argument: id.rawValue, value: "")
    _ = state.handle("confirm", argument: "", value: "")
    #expect(state.tracker.habits.isEmpty && state.tracker.logs.isEmpty)
  }

  @Test func whatPeopleTypeIsEscaped() {
    var state = makeApp()
    add(&state, title: "<b>bold</b> & \"q\"")
    let page = Render.page(state).html
    #expect(page.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &quot;q&quot;"))
    #expect(!page.contains("<b>bold"))
  }

  @Test func theOfflineBannerShowsOnEveryScreen() {
    var state = makeApp()
    state.connection.online = false
    for tab in ["habits", "statistics", "account"] {
      _ = state.handle("tab", argument: tab, value: "")
      #expect(Render.page(state).html.contains(HTML.escape(Strings.offline)))
    }
  }

  @Test func searchAndFiltersNarrowTheList() {
    var state = makeApp()
    add(&state, title: "Read")
    add(&state, title: "Walk", category: "work")
    _ = state.handle("search", argument: "", value: "wal")
    #expect(
      !Render.page(state).html.contains(">Read<") && Render.page(state).html.contains(">Walk<"))
    _ = state.handle("search", argument: "", value: "zzz")
    #expect(Render.page(state).html.contains(Strings.nothingFound))
    _ = state.handle("search", argument: "", value: "")
    _ = state.handle("category-filter", argument: "", value: "work")
    #expect(!Render.page(state).html.contains(">Read<"))
  }

  @Test func theHostBootsPersistsAndRestores() throws {
    var host = AppHost()
    var store = BrowserStore()
    _ = host.handle(
      #"{"t":"boot","device":"web-a","now":1795348800000,"today":"2026-11-22","snapshot":null}"#)
    _ = host.handle(#"{"t":"event","name":"onboard-done","arg":"","value":""}"#)
    _ = host.handle(#"{"t":"event","name":"open-add","arg":"","value":""}"#)
    _ = host.handle(#"{"t":"event","name":"draft","arg":"title","value":"Stretch"}"#)
    _ = host.handle(#"{"t":"event","name":"draft","arg":"category","value":"health"}"#)
    let saved = host.handle(#"{"t":"event","name":"save","arg":"","value":""}"#)
    #expect(saved.contains(#"{"t":"persist"}"#))
    try store.apply(host.handle(#"{"t":"persist"}"#))
    var reopened = AppHost()
    let page = reopened.handle(store.boot(device: "web-a", now: noon))
    #expect(page.contains("Stretch"))
    #expect(reopened.state?.replica.outbox.isEmpty == false)
  }
}

@Suite struct AppMoreTests {
  @Test func categoriesAreRenamedFromTheSheet() {
    var state = makeApp()
    _ = state.handle("open-add", argument: "", value: "")
    _ = state.handle("draft", argument: "category", value: "work")
    _ = state.handle("draft", argument: "newCategoryName", value: "Job")
    _ = state.handle("category-rename", argument: "work", value: "")
    #expect(state.tracker.category("work")?.name == "Job")
    #expect(Render.page(state).html.contains(">Job<"))
    #expect(Render.page(state).html.contains("data-action=\"category-rename\""))
  }

  @Test func archivedHabitsAreListedUnderAllHabitsAndCanComeBack() {
    var state = makeApp()
    add(&state, title: "Old habit")
    let id = state.tracker.sortedHabits[0].id
    _ = state.handle("archive", argument: id.rawValue, value: "")
    #expect(!Render.page(state).html.contains("Old habit"))
    _ = state.handle("habits-view", argument: "all", value: "")
    #expect(Render.page(state).html.contains("Old habit"))
    #expect(Render.page(state).html.contains(Strings.unarchive + ": Old habit"))
    _ = state.handle("archive", argument: id.rawValue, value: "")
    _ = state.handle("habits-view", argument: "day", value: "")
    #expect(Render.page(state).html.contains("Old habit"))
  }

  @Test func aHabitToQuitRecordsSlips() {
    var state = makeApp()
    _ = state.handle("open-add", argument: "", value: "")
    _ = state.handle("draft", argument: "title", value: "No soda")
    _ = state.handle("draft", argument: "category", value: "quit")
    _ = state.handle("draft", argument: "direction", value: "quit")
    _ = state.handle("save", argument: "", value: "")
    #expect(Render.page(state).html.contains("I slipped: No soda"))
    _ = state.handle("tap", argument: state.tracker.sortedHabits[0].id.rawValue, value: "")
    #expect(Render.page(state).html.contains("Undo the slip: No soda"))
  }
}
