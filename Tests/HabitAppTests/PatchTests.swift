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
  var store = BrowserStore()
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
  @Test func reusedCardsAreTheCardsRenderedAfresh() throws {
    var random = SplitMix(seed: 7)
    for _ in 0..<60 {
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
private struct SplitMix {
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
