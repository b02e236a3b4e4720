import Foundation
import HabitCore
import HabitStore
import HabitSync
import HabitTestSupport
import Hummingbird
import HummingbirdTesting
import SQLKit
import Synchronization
import Testing

@testable import HabitServer

/// A commit that runs past its deadline (another process holding SQLite's write lock, a row lock
/// on PostgreSQL) must leave every later write working, answer 503 only for what was not saved,
/// and make `/healthz` fail only while writes stay stuck.
@Suite struct SlowCommitTests {
  static let wall: Int64 = 1_795_348_800_000

  static func change(_ id: String, field: String) -> Change {
    Change(
      id: id, field: FieldKey(.habit, "read", field), value: .text(id),
      stamp: Stamp(wall: wall, counter: 0, device: "phone"))
  }

  @Test(arguments: engines)
  func aWriteAnsweredUnavailableIsNotSavedAndLaterWritesOfEveryAccountWork(_ flavor: SQLFlavor)
    async throws
  {
    try await Self.withStore(flavor) { store, path in
      let (ann, bob) = ("ann-" + UUID().uuidString, "bob-" + UUID().uuidString)
      _ = try await store.apply([Self.change("a0", field: "title")], account: ann)
      let queue = WriteQueue(store: store, deadline: .milliseconds(300))
      try await Self.holdingWrites(of: ann, in: store, path: path, for: .milliseconds(1_500)) {
        await #expect(throws: APIError.self) {
          try await queue.commit([Self.change("a1", field: "emoji")], account: ann)
        }
      }
      // Later writes get a request's usual deadline: a loaded machine may take more than 0.3 s.
      let later = WriteQueue(store: store)
      _ = try await later.commit([Self.change("b1", field: "title")], account: bob)
      _ = try await later.commit([Self.change("a2", field: "color")], account: ann)
      // The write answered 503 was rolled back, not committed later behind the caller's back.
      #expect(Set(try await store.state(account: ann).map(\.id)) == ["a0", "a2"])
      #expect(try await store.state(account: bob).map(\.id) == ["b1"])
    }
  }

  @Test func writesThatKeepFailingMakeTheServerUnhealthyUntilOneSucceeds() async throws {
    try await Self.withStore(.sqlite) { store, path in
      let queue = WriteQueue(
        store: store, deadline: .milliseconds(200), wedgedAfter: .milliseconds(800))
      #expect(await queue.wedged() == nil)
      let stuck = try await Self.holdingWrites(of: "ann", in: store, path: path, for: .seconds(3)) {
        var seen: String?
        let until = ContinuousClock.now + .milliseconds(2_500)
        var number = 0
        while ContinuousClock.now < until {
          number += 1
          _ = try? await queue.commit([Self.change("t\(number)", field: "title")], account: "ann")
          if let wedged = await queue.wedged() { seen = wedged }
        }
        return seen
      }
      #expect(stuck != nil, "every write failed for longer than wedgedAfter")
      // The lock is free again; on a loaded machine one commit may still miss 200 ms, so the
      // first that succeeds is what must clear the state.
      var succeeded = false
      for attempt in 0..<40 where !succeeded {
        succeeded =
          (try? await queue.commit([Self.change("after\(attempt)", field: "title")], account: "ann"))
          != nil
      }
      #expect(succeeded)
      #expect(await queue.wedged() == nil)
    }
  }

  @Test func writesResumeWithinFiveSecondsAfterAnotherProcessHeldTheWriteLockForTenSeconds()
    async throws
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-slow-" + UUID().uuidString
    ).path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let configure: (inout ServerConfiguration) -> Void = { $0.dataDirectory = folder }
    try await withServer(configure: configure) { client in
      var accounts: [(token: String, habit: String)] = []
      for number in 0..<4 {
        let token = try await client.register("load\(number)-\(UUID().uuidString)@example.com")
        let habit = try await client.createHabit(
          token, #""title":"Read","category":"health","start":"2025-01-01""#)
        accounts.append((token, habit))
      }
      let log = Shared<[(start: ContinuousClock.Instant, end: ContinuousClock.Instant, ok: Bool)]>(
        [])
      let stop = Shared(false)
      let start = Day(iso: today)!
      let load = accounts.map { account in
        Task {
          var back = 0
          while !stop.value {
            back += 1
            let day = start.advanced(by: -(back % 600)).iso
            let began = ContinuousClock.now
            let status = try? await client.call(
              .put, "/api/v1/habits/\(account.habit)/entries/\(day)/done", token: account.token
            ).status
            log.modify { $0.append((began, .now, status == .ok)) }
            try? await Task.sleep(for: .milliseconds(50))
          }
        }
      }
      try await Self.holdingWrites(
        of: "", in: nil, path: folder + "/habitflow.sqlite", for: .seconds(10)
      ) {}
      let released = ContinuousClock.now
      try await Task.sleep(for: .seconds(7))
      stop.value = true
      for task in load { await task.value }
      let calls = log.value
      #expect(calls.contains { !$0.ok && $0.start < released }, "the lock held writes up")
      let firstSuccess = calls.filter { $0.ok && $0.start >= released }.map(\.end).min()
      #expect(firstSuccess.map { $0 - released < .seconds(5) } == true, "writes resumed")
      let late = calls.filter { $0.start >= released + .seconds(5) }
      #expect(!late.isEmpty && late.allSatisfy(\.ok), "every write after that succeeded")
      // Sign-up, login and health work as before.
      let email = "after-\(UUID().uuidString)@example.com"
      _ = try await client.register(email)
      let login = try await client.call(
        .post, "/api/v1/sessions", json: #"{"email":"\#(email)","password":"correct horse"}"#)
      #expect(login.status == .ok || login.status == .created, "\(login.text)")
      #expect(try await client.call(.get, "/healthz").status == .ok)
    }
  }

  // MARK: Support

  static var engines: [SQLFlavor] {
    ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"] != nil
      || ProcessInfo.processInfo.environment["CI"] != nil ? [.sqlite, .postgres] : [.sqlite]
  }

  struct NoPostgres: Error {}

  /// A store of `flavor` (SQLite in a fresh file, with its path) closed on every path.
  static func withStore(
    _ flavor: SQLFlavor, _ body: (HabitStore, String?) async throws -> Void
  ) async throws {
    switch flavor {
    case .sqlite:
      let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "habitflow-slow-\(UUID().uuidString).sqlite"
      ).path
      defer { try? FileManager.default.removeItem(atPath: path) }
      try await HabitTestSupport.withStore(path) { try await body($0, path) }
    case .postgres:
      guard let url = ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"] else {
        throw NoPostgres()
      }
      try await HabitTestSupport.withStore(url) { try await body($0, nil) }
    }
  }

  struct LockRefused: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `body` while something outside the server holds writes up for `limit`, then waits
  /// until it let go: on SQLite another process holding the database's write lock (`BEGIN
  /// EXCLUSIVE`), on PostgreSQL another transaction holding `account`'s sequence row.
  @discardableResult
  static func holdingWrites<Result: Sendable>(
    of account: String, in store: HabitStore?, path: String?, for limit: Duration,
    _ body: () async throws -> Result
  ) async throws -> Result {
    if let path {
      let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
      let locker = try ChildProcess(
        "python3",
        [
          "-c",
          "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=60); "
            + "c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); time.sleep(float(sys.argv[2])); "
            + "c.execute('ROLLBACK')",
          path, String(seconds),
        ], output: .capture, errors: .capture)
      return try await locker.untilExit { locker in
        let shown = await locker.output(containing: "locked", within: .seconds(30))
        guard shown.contains("locked") else { throw LockRefused(description: locker.errors) }
        let result = try await body()
        guard await locker.exit() == .exited(0) else {
          throw LockRefused(description: locker.errors)
        }
        return result
      }
    }
    guard let store else { throw LockRefused(description: "no store to lock") }
    let locked = Shared(false)
    let holder = Task {
      try await store.engine.transaction { database in
        try await database.raw(
          "SELECT stream_id FROM streams WHERE stream_id = \(bind: account) FOR UPDATE"
        ).run()
        locked.value = true
        try await Task.sleep(for: limit)
      }
    }
    while !locked.value { try await Task.sleep(for: .milliseconds(10)) }
    let result = try await body()
    try await holder.value
    return result
  }
}

/// A value tasks share, behind a lock.
final class Shared<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) {
    mutex = Mutex(value)
  }

  var value: Value {
    get { mutex.withLock { $0 } }
    set { mutex.withLock { $0 = newValue } }
  }

  func modify(_ change: (inout Value) -> Void) {
    mutex.withLock { change(&$0) }
  }
}
