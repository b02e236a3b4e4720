import HabitApp
import HabitCore
import HabitSync
import Testing

private let noon: Int64 = 1_795_348_800_000

/// A booted host past onboarding with `count` habits, everything already stored.
private func hostWithHabits(_ count: Int, store: inout BrowserStore) throws -> AppHost {
  var host = AppHost()
  _ = host.handle(store.boot(device: "web-a", now: noon))
  _ = host.handle(event("onboard-done"))
  for index in 0..<count {
    _ = host.handle(event("open-add"))
    _ = host.handle(event("draft", "title", "Habit " + String(index)))
    _ = host.handle(event("draft", "category", "health"))
    _ = host.handle(event("save"))
  }
  try store.apply(host.handle(#"{"t":"persist"}"#))
  return host
}

/// Saving in the browser: each change is written on its own, and what is written reads back.
@Suite struct PersistenceTests {
  @Test func aTapWritesOnlyTheRecordsItTouched() throws {
    var store = BrowserStore()
    var host = try hostWithHabits(30, store: &store)
    let id = try #require(host.state?.tracker.sortedHabits.first?.id)
    _ = host.handle(event("tap", id.rawValue))
    let answer = host.handle(#"{"t":"persist"}"#)
    try store.apply(answer)
    // The entry's value and skip fields (a check-in clears skips) and their outbox entries, not
    // the 30 habits' hundreds of fields.
    #expect(store.lastWrites == 4)
    #expect(answer.utf8.count < 1_000)
    #expect(store.fields.keys.contains { $0.hasPrefix("entry/") && $0.contains(id.rawValue) })
    // Nothing happened since: the next save writes only the small meta record.
    try store.apply(host.handle(#"{"t":"persist"}"#))
    #expect(store.lastWrites == 0)
  }

  @Test func theStoredRecordsReadBackAsTheSameReplica() throws {
    var store = BrowserStore()
    var host = try hostWithHabits(3, store: &store)
    let ids = try #require(host.state?.tracker.sortedHabits.map(\.id))
    _ = host.handle(event("tap", ids[0].rawValue))
    _ = host.handle(event("pin", ids[1].rawValue))
    _ = host.handle(event("theme", "", "dark"))
    _ = host.handle(event("tap", ids[0].rawValue))
    try store.apply(host.handle(#"{"t":"persist"}"#))
    var reopened = AppHost()
    _ = reopened.handle(store.boot(device: "web-a", now: noon))
    let original = try #require(host.state?.replica)
    let restored = try #require(reopened.state?.replica)
    #expect(restored.fieldChanges == original.fieldChanges)
    #expect(restored.outbox == original.outbox)
    #expect(restored.nextChangeNumber == original.nextChangeNumber)
    #expect(restored.clock.last == original.clock.last)
    #expect(restored.tracker.habit(ids[1])?.isPinned == true)
  }

  @Test func whatTheServerTookLeavesTheStoredOutboxButALaterChangeStays() throws {
    var store = BrowserStore()
    var host = try hostWithHabits(2, store: &store)
    let ids = try #require(host.state?.tracker.sortedHabits.map(\.id))
    let body = try body(of: host.handle(#"{"t":"syncRequest"}"#))
    let request = try JSONParser.parse(try #require(body))
    // A tap while the sync call is under way: its change must stay queued and stored.
    _ = host.handle(event("tap", ids[0].rawValue))
    try store.apply(host.handle(#"{"t":"persist"}"#))
    #expect(store.outbox.count > 1)
    serverTook(request, cursor: 7, host: &host)
    try store.apply(host.handle(#"{"t":"persist"}"#))
    // The tap's value and skip fields.
    #expect(store.outbox.count == 2)
    #expect(
      store.outbox.values.allSatisfy { JSONWriter.write($0).contains(ids[0].rawValue) })
    var reopened = AppHost()
    _ = reopened.handle(store.boot(device: "web-a", now: noon))
    #expect(reopened.state?.replica.cursor == 7)
    #expect(reopened.state?.replica.outbox == host.state?.replica.outbox)
  }

  @Test func aChangeThatReplacedOneTheServerTookStaysStored() throws {
    var store = BrowserStore()
    var host = try hostWithHabits(1, store: &store)
    let id = try #require(host.state?.tracker.sortedHabits.first?.id)
    _ = host.handle(event("tap", id.rawValue))
    let body = try body(of: host.handle(#"{"t":"syncRequest"}"#))
    let request = try JSONParser.parse(try #require(body))
    // Undone while the first tap is on its way: the same field, a newer change.
    _ = host.handle(event("tap", id.rawValue))
    serverTook(request, cursor: 3, host: &host)
    try store.apply(host.handle(#"{"t":"persist"}"#))
    let outbox = try #require(host.state?.replica.outbox)
    #expect(outbox.count == 1)
    #expect(
      store.outbox.values.map(JSONWriter.write)
        == outbox.map { JSONWriter.write(WireCodec.json($0)) })
  }

  @Test func aLargeSaveWritesOneBaseAndLaterSavesSitOnTopOfIt() throws {
    var store = BrowserStore()
    var host = try hostWithHabits(120, store: &store)
    // Thousands of field states and outbox entries: one base record, not a record each.
    #expect(store.base != nil && store.lastWrites == 1 && store.fields.isEmpty)
    let ids = try #require(host.state?.tracker.sortedHabits.map(\.id))
    _ = host.handle(event("tap", ids[0].rawValue))
    try store.apply(host.handle(#"{"t":"persist"}"#))
    #expect(store.lastWrites == 4)
    // The server takes the oldest 500 queued changes, all of them in the base: drop marks hide
    // them there.
    let body = try body(of: host.handle(#"{"t":"syncRequest"}"#))
    let request = try JSONParser.parse(try #require(body))
    serverTook(request, cursor: 500, more: true, host: &host)
    try store.apply(host.handle(#"{"t":"persist"}"#))
    #expect(store.dropped.count == 500 && store.base != nil)
    var reopened = AppHost()
    _ = reopened.handle(store.boot(device: "web-a", now: noon))
    let original = try #require(host.state?.replica)
    let restored = try #require(reopened.state?.replica)
    #expect(restored.fieldChanges == original.fieldChanges)
    #expect(restored.outbox == original.outbox)
    #expect(restored.cursor == 500)
    #expect(restored.tracker.sortedHabits.count == 120)
  }

  @Test func aFailedWriteIsShownWithARetryUntilAWriteSucceeds() {
    var host = AppHost()
    _ = host.handle(BrowserStore().boot(device: "web-a", now: noon, onboarded: true))
    let failing = host.handle(#"{"t":"stored","ok":false}"#)
    #expect(failing.contains(Strings.notSavedYet))
    #expect(failing.contains("data-action=\\\"retry-save\\\""))
    #expect(host.handle(event("retry-save")).contains(#"{"t":"persist"}"#))
    #expect(host.handle(#"{"t":"stored","ok":true}"#).contains(Strings.notSavedYet) == false)
  }

  /// The server's answer to `request`: it took every change and sent none back.
  private func serverTook(_ request: JSON, cursor: Int, more: Bool = false, host: inout AppHost) {
    let response = JSON.object([
      ("accepted", .integer(0)), ("refused", .array([])), ("changes", .array([])),
      ("cursor", .integer(cursor)), ("more", .bool(more)),
    ])
    _ = host.handle(
      JSONWriter.write(
        .object([("t", .string("syncResponse")), ("request", request), ("response", response)])))
  }

  private func body(of answer: String) throws -> String? {
    var reader = try JSONObjectReader(try JSONParser.parse(answer), path: "answer")
    if case .string(let text) = reader.optional("body") { return text }
    return nil
  }
}
