import Foundation
import HabitApp
import HabitCore
import HabitSync
import Testing

private let noon: Int64 = 1_795_348_800_000

/// The answer's markup: the whole page, or the regions it replaces by id.
private struct Answer {
  var html: String?
  var patches: [(id: String, html: String)] = []
  var moves: [(from: String, to: String)] = []
  var covered = false

  init(_ text: String) throws {
    var reader = try JSONObjectReader(try JSONParser.parse(text), path: "answer")
    if let html = reader.optional("html"), case .string(let text) = html { self.html = text }
    if let patches = reader.optional("patches"), case .array(let items) = patches {
      for item in items {
        var patch = try JSONObjectReader(item, path: "patch")
        self.patches.append((try patch.string("id"), try patch.string("html")))
      }
    }
    if let moves = reader.optional("moves"), case .array(let items) = moves {
      for case .array(let pair) in items {
        if case .string(let from) = pair[0], case .string(let to) = pair[1] {
          self.moves.append((from, to))
        }
      }
    }
    covered = reader.optional("covered") == .bool(true)
  }
}

private func hostWithHabits(_ titles: [String]) -> AppHost {
  var host = AppHost()
  let store = BrowserStore()
  _ = host.handle(store.boot(device: "web-a", now: noon))
  _ = host.handle(event("onboard-done"))
  for title in titles {
    _ = host.handle(event("open-add"))
    _ = host.handle(event("draft", "title", title))
    _ = host.handle(event("draft", "category", "health"))
    _ = host.handle(event("save"))
  }
  return host
}

/// A tap repaints what it changed, not the whole screen.
@Suite struct PatchTests {
  @Test func aTapOnOneCardSendsThatCardAndTheOverviewAlone() throws {
    var host = hostWithHabits(["Read", "Walk", "Stretch"])
    let id = try #require(host.state?.tracker.sortedHabits.first?.id)
    let answer = try Answer(host.handle(event("tap", id.rawValue)))
    #expect(answer.html == nil)
    // The card is patched in place (nothing moves under the finger), and the day's count.
    #expect(answer.patches.map(\.id) == ["overview", "card-" + id.rawValue])
    #expect(answer.moves.isEmpty)
    #expect(answer.patches.first?.html.contains("1 of 3 done") == true)
    let card = try #require(answer.patches.last?.html)
    #expect(card.hasPrefix("<li id=\"card-" + id.rawValue + "\""))
    #expect(card.contains("aria-pressed=\"true\""))
  }

  /// A weekly quota's card counts its streak in the weeks the first weekday begins, and says so
  /// again when another device changes the setting while the day list is open.
  @Test func aCardsWeeklyStreakFollowsAFirstWeekdayThatArrivesBySync() throws {
    var host = signedInHost()
    _ = host.handle(event("open-add"))
    for (field, value) in [
      ("title", "Gym"), ("category", "health"), ("start", "2026-11-02"),
      ("scheduleKind", "timesPerWeek"), ("perWeek", "2"),
    ] {
      _ = host.handle(event("draft", field, value))
    }
    _ = host.handle(event("save"))
    let id = try #require(host.state?.tracker.sortedHabits.first?.id)
    for day in ["2026-11-08", "2026-11-14", "2026-11-15", "2026-11-16"] {
      _ = host.handle(event("select-day", day))
      _ = host.handle(event("tap", id.rawValue))
    }
    let today = try Answer(host.handle(event("go-today")))
    let before = (today.html ?? "") + today.patches.map(\.html).joined()
    #expect(before.contains("🔥 1 week<"), "\(before)")
    // The laptop set Sunday; this browser pulls it while its day list is open.
    let setting = Change(
      id: "laptop.1", field: FieldKey(.setting, "firstWeekday", "value"), value: .int(7),
      stamp: Stamp(wall: noon + 60_000, counter: 0, device: "laptop"))
    var reader = try JSONObjectReader(
      try JSONParser.parse(host.handle(#"{"t":"syncRequest"}"#)), path: "answer")
    guard case .string(let text) = reader.optional("body") else {
      Issue.record("no sync request body")
      return
    }
    let response = WireCodec.json(
      SyncResponse(accepted: 0, refused: [], changes: [setting], cursor: 1, hasMore: false))
    let answer = try Answer(
      host.handle(
        JSONWriter.write(
          .object([
            ("t", .string("syncResponse")), ("request", try JSONParser.parse(text)),
            ("response", response),
          ]))))
    let after = (answer.html ?? "") + answer.patches.map(\.html).joined()
    #expect(host.state?.firstWeekday == .sunday)
    #expect(after.contains("🔥 2 weeks"), "\(after)")
  }

  @Test func anEventThatChangesNothingSendsNoMarkup() throws {
    var host = hostWithHabits(["Read"])
    let answer = try Answer(host.handle(event("search", "", "")))
    #expect(answer.html == nil && answer.patches.isEmpty)
  }

  @Test func openingASheetReplacesTheLayerAndCoversTheScreen() throws {
    var host = hostWithHabits(["Read", "Walk"])
    let answer = try Answer(host.handle(event("open-add")))
    #expect(answer.patches.map(\.id) == ["layer"])
    #expect(answer.covered)
    let closed = try Answer(host.handle(event("close-sheet")))
    #expect(closed.patches.map(\.id) == ["layer"] && !closed.covered)
  }

  @Test func theDetailOpensFirstAndItsChartsFollowAfterThePaint() throws {
    var host = hostWithHabits(["Read"])
    let id = try #require(host.state?.tracker.sortedHabits.first?.id)
    let opened = try Answer(host.handle(event("open-detail", id.rawValue)))
    let sheet = try #require(opened.patches.first?.html)
    #expect(sheet.contains("id=\"detail-title\"") && !sheet.contains("id=\"chart-score\""))
    #expect(sheet.contains("aria-busy=\"true\""))
    #expect(host.handle(event("open-detail", id.rawValue)).contains("\"t\":\"drawRest\""))
    let charts = try Answer(host.handle(event("draw-rest")))
    #expect(charts.patches.map(\.id) == ["detail-more"])
    #expect(charts.patches.first?.html.contains("id=\"chart-year\"") == true)
  }

  @Test func aGroupingInTheDetailSendsItsChartAndButtonsAlone() throws {
    var host = hostWithHabits(["Read", "Walk"])
    let id = try #require(host.state?.tracker.sortedHabits.first?.id)
    let opened = try Answer(host.handle(event("open-detail", id.rawValue)))
    #expect(opened.patches.map(\.id) == ["layer"])
    _ = host.handle(event("draw-rest"))
    let score = try Answer(host.handle(event("score-by", "month")))
    #expect(score.patches.map(\.id) == ["chart-score", "score-by"])
    let history = try Answer(host.handle(event("history-by", "quarter")))
    #expect(history.patches.map(\.id) == ["chart-history", "history-by"])
  }

  /// Law: the detail's inner patches, each put in place of the element with its id, give the
  /// page rendered afresh.
  @Test func patchesInsideTheDetailAddUpToTheWholePage() throws {
    var host = hostWithHabits(["Read", "Walk"])
    let id = try #require(host.state?.tracker.sortedHabits.first?.id)
    _ = host.handle(event("open-detail", id.rawValue))
    _ = host.handle(event("draw-rest"))
    var page = try #require(host.state.map { Render.page($0) })
    var checked = 0
    for message in [
      event("score-by", "week"), event("history-by", "year"), event("tap", id.rawValue),
      event("skip", id.rawValue), event("pin", id.rawValue), event("score-by", "day"),
    ] {
      _ = host.handle(message)
      let next = try #require(host.state.map { Render.page($0) })
      // Pinning moves the card into another group: the whole page goes, as it should.
      guard let changes = next.changes(since: page) else {
        page = next
        continue
      }
      checked += 1
      var html = page.html
      for region in changes.regions {
        let start = try #require(html.range(of: "id=\"" + region.id + "\""))
        let open = try #require(html[..<start.lowerBound].lastIndex(of: "<"))
        let end = try #require(outerElement(in: html, from: open))
        html.replaceSubrange(open..<end, with: region.html)
      }
      #expect(html == next.html)
      page = next
    }
    #expect(checked >= 5)
  }

  @Test func aChangeOfStructureSendsTheWholePage() throws {
    var host = hostWithHabits(["Read", "Walk"])
    let answer = try Answer(host.handle(event("tab", "account")))
    #expect(answer.html?.contains("<nav class=\"tabs\"") == true)
    #expect(answer.patches.isEmpty)
  }

  @Test func cardsThatChangePlaceAreMovedNotRebuilt() throws {
    var host = hostWithHabits(["Read", "Walk", "Stretch"])
    let last = try #require(host.state?.tracker.sortedHabits.last?.id)
    let answer = try Answer(host.handle(event("move", last.rawValue, "0")))
    #expect(answer.html == nil)
    #expect(answer.patches.isEmpty)
    #expect(answer.moves.first?.to == "card-" + last.rawValue)
  }

  @Test func askingForTheWholePageAlwaysGetsIt() throws {
    var host = hostWithHabits(["Read"])
    let answer = try Answer(host.handle(#"{"t":"render"}"#))
    #expect(answer.html?.contains("Read") == true)
  }

  @Test func patchedRegionsAddUpToTheWholePage() throws {
    var host = hostWithHabits(["Read", "Walk", "Stretch"])
    var page = try #require(host.state.map { Render.page($0) })
    for habit in try #require(host.state?.tracker.sortedHabits) {
      _ = host.handle(event("tap", habit.id.rawValue))
      let next = try #require(host.state.map { Render.page($0) })
      // Applied as the shell applies them, the changes give the new page.
      let changes = try #require(next.changes(since: page))
      var shown = page.regions.map(\.id)
      var markup: [String: String] = [:]
      for region in page.regions { markup[region.id] = region.html }
      for region in changes.regions { markup[region.id] = region.html }
      let places = changes.moves.map { move in shown.firstIndex(of: move.from)! }
      for (place, move) in zip(places, changes.moves) { shown[place] = move.to }
      #expect(shown == next.regions.map(\.id))
      #expect(shown.map { markup[$0]! } == next.regions.map(\.html))
      page = next
    }
  }

  /// Law: a page that reuses the previous page's cards is the page rendered from scratch.
  @Test func reusedCardsAreTheCardsRenderedAfresh() async throws {
    var random = SplitMix(seed: 7)
    for _ in 0..<60 {
      // Seconds of CPU in all: each round lets the other tests' awaits run first.
      await Task.yield()
      var host = hostWithHabits(["Read", "Walk", "Stretch"])
      _ = host.handle(event("open-add"))
      _ = host.handle(event("draft", "title", "Water"))
      _ = host.handle(event("draft", "category", "health"))
      _ = host.handle(event("draft", "measureKind", "quantity"))
      _ = host.handle(event("draft", "quantityTarget", "1500"))
      _ = host.handle(event("draft", "unit", "ml"))
      _ = host.handle(event("save"))
      var page = try #require(host.state.map { Render.page($0) })
      for _ in 0..<25 {
        let habits = try #require(host.state?.tracker.sortedHabits)
        let habit = habits[Int(random.next() % UInt64(habits.count))].id.rawValue
        let day = "2026-11-" + String(16 + Int(random.next() % 7))
        let events = [
          event("tap", habit), event("select-day", day), event("go-today"),
          event("amount", habit, String(random.next() % 900)), event("log-amount", habit),
          event("filter", "notDone"), event("filter", "all"), event("pin", habit),
        ]
        _ = host.handle(events[Int(random.next() % UInt64(events.count))])
        let state = try #require(host.state)
        let reused = Render.page(state, reusing: page)
        #expect(reused.html == Render.page(state).html)
        page = reused
      }
    }
  }
}

/// A small seeded generator, so a failing sequence can be replayed.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Where the element opening at `start` ends (its closing tag's end), counting nested tags of
/// its name.
private func outerElement(in html: String, from start: String.Index) -> String.Index? {
  let name = html[html.index(after: start)...].prefix { $0.isLetter || $0.isNumber }
  var depth = 0
  var index = start
  while index < html.endIndex {
    let rest = html[index...]
    if rest.hasPrefix("</" + name + ">") {
      depth -= 1
      let end = html.index(index, offsetBy: name.count + 3)
      if depth == 0 { return end }
      index = end
    } else if rest.hasPrefix("<" + name), let next = rest.dropFirst(name.count + 1).first,
      next == " " || next == ">"
    {
      depth += 1
      index = html.index(after: index)
    } else {
      index = html.index(after: index)
    }
  }
  return nil
}
