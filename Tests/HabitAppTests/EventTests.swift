import HabitApp
import HabitCore
import HabitSync
import Testing

private let today = Day(iso: "2026-11-22")!
private let noon: Int64 = 1_795_348_800_000

/// One of every kind of event, with arguments and values where it takes them.
private let everyKind: [AppEvent] = [
  .onboardNext, .onboardBack, .onboardDone, .tab(.statistics), .weekPrevious, .weekNext,
  .selectDay(today), .goToday, .search("run"), .filter(.notDone), .categoryFilter("work"),
  .categoryFilter(nil), .timeFilter(.evening), .timeFilter(nil), .tap("h1"), .amount("h1", "1,5"),
  .logAmount("h1"), .openAdd, .openEdit("h1"), .openDetail("h1"), .closeSheet,
  .draft(field: "title", value: "Read"), .draftWeekday(.friday), .draftClearTitle, .save,
  .categoryAdd, .categoryRename("work"), .categoryDelete("work"), .pin("h1"), .archive("h1"),
  .delete("h1"), .confirm, .dismiss, .accountMode(signingUp: true),
  .accountMode(signingUp: false), .accountEmail("a@b.c"), .accountPassword("secret"),
  .accountSubmit, .signOut, .signOutDiscarding, .syncNow, .retrySave, .theme(.dark),
  .firstWeekday(.sunday), .habitsView(all: true), .habitsView(all: false), .move("h1", to: 2),
  .move("h1", to: -1), .picker(today.yearMonth), .picker(nil), .sort(.timeOfDay), .sort(.custom),
  .importMode(replace: true), .importMode(replace: false), .importFile("export.zip"),
  .importConfirm, .importCancel, .export(csv: true), .export(csv: false),
]

/// The attributes in `page` that send events: (name, data-arg, value) of every element with
/// `data-action`, and the names of fields with `data-input`.
private func printedEvents(_ page: String) -> (
  actions: [(String, String, String)], inputs: [String]
) {
  var actions: [(String, String, String)] = []
  var inputs: [String] = []
  for tag in page.split(separator: "<").map(String.init) {
    func attribute(_ name: String) -> String? {
      guard let start = tag.range(of: " " + name + "=\"") else { return nil }
      let rest = tag[start.upperBound...]
      return String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)])
    }
    if let action = attribute("data-action") {
      actions.append((action, attribute("data-arg") ?? "", attribute("value") ?? ""))
    }
    if let input = attribute("data-input") { inputs.append(input) }
  }
  return (actions, inputs)
}

/// Events are one typed enum: what a view prints, the app reads back as the same event.
@Suite struct EventTests {
  /// The account's forms, as the module Account opens in has them.
  init() { accountForms = .all }

  @Test func everyEventReadsBackFromTheAttributesItPrints() {
    for event in everyKind {
      let (name, argument, value) = event.attributes
      #expect(AppEvent(name: name.text, argument: argument, value: value) == event)
    }
  }

  @Test func everyNameReadsBackFromItsTextAndNoTwoShareOne() {
    let texts = AppEvent.Name.allCases.map(\.text)
    #expect(Set(texts).count == texts.count)
    for name in AppEvent.Name.allCases { #expect(AppEvent.Name(text: name.text) == name) }
    #expect(AppEvent.Name.tap.text == "tap" && AppEvent.Name.dismiss.text == "dismiss")
    #expect(AppEvent.Name.closeSheet.text == "close-sheet")
    #expect(AppEvent.Name.logAmount.text == "log-amount")
  }

  @Test func namesNoViewPrintsAreRefusedAndChangeNothing() {
    #expect(AppEvent(name: "launch-rockets", argument: "", value: "") == nil)
    #expect(AppEvent(name: "tab", argument: "settings", value: "") == nil)
    #expect(AppEvent(name: "select-day", argument: "yesterday", value: "") == nil)
    var state = AppState(replica: Replica(device: "web-test"), today: today, now: noon)
    #expect(state.handle("launch-rockets", argument: "", value: "") == [])
    #expect(state.onboardingPage == 0)
  }

  @Test func everyActionOnEveryScreenIsAnEventTheAppReads() {
    // With the reminder screens and the data panel, as the module that loads on demand has them.
    reminderScreens = .all
    dataPanel = DataView.render
    var state = AppState(replica: Replica(device: "web-test"), today: today, now: noon)
    var pages = [Render.page(state).html]
    _ = state.handle(.onboardNext)
    pages.append(Render.page(state).html)
    _ = state.handle(.onboardDone)
    for (title, measure) in [("Read", "done"), ("Water", "count"), ("Run", "quantity")] {
      _ = state.handle(.openAdd)
      _ = state.handle(.draft(field: "title", value: title))
      _ = state.handle(.draft(field: "category", value: "health"))
      _ = state.handle(.draft(field: "measureKind", value: measure))
      _ = state.handle(.draft(field: "quantityTarget", value: "2"))
      _ = state.handle(.draft(field: "unit", value: "km"))
      _ = state.handle(.draft(field: "scheduleKind", value: "weekdays"))
      _ = state.handle(.draftWeekday(.sunday))
      pages.append(Render.page(state).html)
      _ = state.handle(.draftWeekday(.sunday))
      _ = state.handle(.save)
    }
    _ = state.handle(.selectDay(today.advanced(by: -1)))
    pages.append(Render.page(state).html)
    _ = state.handle(.picker(today.yearMonth))
    pages.append(Render.page(state).html)
    _ = state.handle(.habitsView(all: true))
    pages.append(Render.page(state).html)
    _ = state.handle(.habitsView(all: false))
    _ = state.handle(.goToday)
    pages.append(Render.page(state).html)
    let id = state.tracker.sortedHabits[0].id
    _ = state.handle(.openDetail(id))
    _ = state.handle(.drawRest)
    pages.append(Render.page(state).html)
    _ = state.handle(.delete(id))
    pages.append(Render.page(state).html)
    _ = state.handle(.dismiss)
    _ = state.handle(.openEdit(id))
    // A reminder time, so its field is printed too.
    _ = state.handle(.remind("add-time", ""))
    pages.append(Render.page(state).html)
    // A check-in, so the Statistics tab shows its figures rather than its placeholder.
    _ = state.handle(.tap(id))
    _ = state.handle(.tab(.progress))
    pages.append(Render.page(state).html)
    _ = state.handle(.progressHabit(id))
    pages.append(Render.page(state).html)
    for tab in [AppState.Tab.statistics, .account] {
      _ = state.handle(.tab(tab))
      pages.append(Render.page(state).html)
    }
    // Signed in: the password change, what waits to sync, deleting the account.
    state.connection.email = "ada@example.com"
    pages.append(Render.page(state).html)
    // Your data, with a file's preview on screen.
    _ = state.handle(.importFile("export.zip"))
    try? state.dataImport.preview(
      JSONParser.parse(
        #"{"habits":1,"newHabits":1,"existingHabits":0,"deletedHabits":0,"checkIns":1,"skips":0,"#
          + #""notes":0,"noes":0,"automaticYeses":0,"firstDay":null,"lastDay":null,"#
          + #""approximations":[]}"#))
    pages.append(Render.page(state).html)
    _ = state.handle(.importCancel)
    _ = state.handle(.deleteAccount)
    pages.append(Render.page(state).html)
    _ = state.handle(.dismiss)
    _ = state.handle(.tab(.habits))
    // A count's detail: its day editor corrects the total.
    _ = state.handle(.openDetail(state.tracker.sortedHabits[1].id))
    _ = state.handle(.drawRest)
    pages.append(Render.page(state).html)
    _ = state.handle(.tab(.account))
    _ = state.handle(.signOut)
    state.unsaved.failing = true
    pages.append(Render.page(state).html)
    var names = Set<String>()
    for page in pages {
      let (actions, inputs) = printedEvents(page)
      for (name, argument, value) in actions {
        #expect(
          AppEvent(name: name, argument: argument, value: value) != nil,
          "data-action=\(name) data-arg=\(argument)")
        names.insert(name)
      }
      for name in inputs {
        #expect(AppEvent.Name(text: name) != nil, "data-input=\(name)")
        names.insert(name)
      }
    }
    // The screens above print every kind of event there is, but the one the shell sends itself
    // after a detail's first paint.
    #expect(!names.contains(AppEvent.Name.drawRest.text))
    #expect(names.count == AppEvent.Name.allCases.count - 1, "printed: \(names.sorted())")
  }
}
