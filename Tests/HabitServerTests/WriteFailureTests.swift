import AsyncHTTPClient
import Foundation
import HabitCore
import HabitServer
import HabitStore
import HabitSync
import HummingbirdTesting
import Logging
import NIOCore
import NIOHTTP1
import SQLKit
import Testing

/// Writes that fail in the database (a full disk) change nothing that was acknowledged: the
/// account keeps showing all its data, failed requests get a clear 503, writes resume when the
/// disk has room again, and nothing is hidden after a restart.
@Suite(.serialized) struct WriteFailureTests {
  private static let days = (0..<3_600).map { Day(iso: "2026-11-22")!.advanced(by: -$0).iso }

  @Test func aFullDiskMidLoadLosesAndHidesNothingAndWritesResumeWhenThereIsRoomAgain() async throws
  {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-full-\(UUID().uuidString).sqlite"
    ).path
    var logger = Logger(label: "habitflow-test")
    logger.logLevel = .critical
    let configuration = testConfiguration()
    let store = try await HabitStore.open(path, logger: logger)
    let app = buildApplication(configuration, store: store, logger: logger)
    let token = Box<String>()
    let habit = Box<String>()
    let acknowledged = Acknowledged()
    try await app.test(.ahc(.http)) { client in
      token.value = try await client.register("ann@example.com")
      habit.value = try await client.createHabit(
        token.value, #""title":"Walk","category":"health","start":"2017-01-01""#)
      let (token, habit) = (token.value, habit.value)
      let statuses = Statuses()
      let full = Flag()
      let stop = Flag()
      let load = Task {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for worker in 0..<16 {
            group.addTask {
              for index in stride(from: worker, to: Self.days.count, by: 16) {
                let reply = try await client.call(
                  .put, "/api/v1/habits/\(habit)/entries/\(Self.days[index])/done", token: token)
                await statuses.add(Int(reply.status.code), code: reply.errorCode)
                if reply.status == .ok { await acknowledged.add(Self.days[index]) }
                if stop.isSet { return }
              }
            }
          }
          // People keep looking at their list while the disk is full.
          for _ in 0..<4 {
            group.addTask {
              while !stop.isSet {
                let list = try await client.call(.get, "/api/v1/habits", token: token)
                if full.isSet && list.json["habits"].array.count != 1 {
                  await statuses.add(-1, code: "listed \(list.text)")
                }
              }
            }
          }
          try await group.waitForAll()
        }
      }
      while await acknowledged.days.count < 200 { try await Task.sleep(for: .milliseconds(5)) }
      // The disk fills up: SQLite may not grow the file by a single page.
      try await store.engine.read { database in
        let pages = try await database.raw("PRAGMA page_count").first()?.decode(
          column: "page_count", as: Int.self)
        try await database.raw("PRAGMA max_page_count = \(unsafeRaw: String(pages ?? 1))").run()
      }
      full.set()
      try await Task.sleep(for: .seconds(1))
      stop.set()
      try await load.value
      let seen = await statuses.all
      #expect(seen.contains { $0.status == 503 }, "the full disk never refused a write")
      #expect(
        seen.allSatisfy { $0.status == 200 || ($0.status == 503 && $0.code == "unavailable") },
        "a failed write must be a 503 'unavailable', never another answer: \(seen.filter { $0.status != 200 && $0.status != 503 }.prefix(3))"
      )

      // While the disk is full the account shows all its data and refuses writes plainly.
      let list = try await client.call(.get, "/api/v1/habits", token: token)
      #expect(list.json["habits"].array.count == 1, "the account looks empty: \(list.text)")
      let shown = try await client.call(
        .get, "/api/v1/habits/\(habit)/entries?from=2017-01-01&to=2026-11-22", token: token)
      let shownDays = Set(shown.json["entries"].array.compactMap { $0["day"].string })
      let acked = await acknowledged.days
      #expect(
        acked.isSubset(of: shownDays),
        "hidden while full: \(acked.subtracting(shownDays).sorted().prefix(5)) of \(acked.count)")
      let refused = try await client.call(
        .put, "/api/v1/habits/\(habit)/entries/2017-01-01/done", token: token)
      #expect(refused.status == .serviceUnavailable && refused.errorCode == "unavailable")
      let again = try await client.call(
        .post, "/api/v1/habits", token: token,
        json: #"{"id":"\#(habit)","title":"Other","category":"work"}"#)
      #expect(again.status == .conflict, "an existing id must never be overwritten: \(again.text)")
      let ready = try await client.call(.get, "/readyz")
      #expect(ready.status == .serviceUnavailable, "readyz while writes fail: \(ready.text)")

      // Room again: the server becomes ready by itself, with no write from anyone, and writes
      // go through without a restart.
      try await store.engine.read { database in
        try await database.raw("PRAGMA max_page_count = 1073741823").run()
      }
      let lifted = ContinuousClock.now
      var readyAgain = false
      while !readyAgain && ContinuousClock.now - lifted < .seconds(10) {
        readyAgain = try await client.call(.get, "/readyz").status == .ok
        if !readyAgain { try await Task.sleep(for: .milliseconds(200)) }
      }
      #expect(readyAgain, "readyz stayed 503 after the disk had room again")
      let resumed = try await client.call(
        .put, "/api/v1/habits/\(habit)/entries/2017-01-01/done", token: token)
      #expect(resumed.status == .ok, "\(resumed.text)")
      if resumed.status == .ok { await acknowledged.add("2017-01-01") }
      #expect(try await client.call(.get, "/readyz").status == .ok)
      let title = try await client.call(.get, "/api/v1/habits/\(habit)", token: token)
      #expect(title.json["habit"]["title"].string == "Walk")
    }

    // After a restart every acknowledged check-in is there and shown.
    let reopened = try await HabitStore.open(path, logger: logger)
    let restarted = buildApplication(configuration, store: reopened, logger: logger)
    let acked = await acknowledged.days
    try await restarted.test(.router) { client in
      let shown = try await client.call(
        .get, "/api/v1/habits/\(habit.value)/entries?from=2017-01-01&to=2026-11-22",
        token: token.value)
      let shownDays = Set(shown.json["entries"].array.compactMap { $0["day"].string })
      #expect(
        acked.isSubset(of: shownDays),
        "hidden after restart: \(acked.subtracting(shownDays).sorted().prefix(5)) of \(acked.count)"
      )
    }
  }
}

/// A value set once by the test and read later.
final class Box<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?
  var value: Value {
    get { lock.withLock { stored! } }
    set { lock.withLock { stored = newValue } }
  }
}

final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var on = false
  var isSet: Bool { lock.withLock { on } }
  func set() { lock.withLock { on = true } }
}

actor Statuses {
  private(set) var all: [(status: Int, code: String?)] = []
  func add(_ status: Int, code: String?) { all.append((status, code)) }
}
