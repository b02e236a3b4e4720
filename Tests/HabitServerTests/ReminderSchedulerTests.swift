import Foundation
import HabitStore
import HabitSync
import HabitTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import SQLKit
import Testing

@testable import HabitServer

/// The reminder scheduler against a real database, a real router and a push service stand-in on
/// loopback, with the clock moved by hand.
@Suite struct ReminderSchedulerTests {
  /// One server's parts: its services (the clock is the test's), its scheduler and a client.
  struct Server {
    let services: HabitServices
    let scheduler: ReminderScheduler
    let client: any TestClientProtocol
  }

  static func instant(_ text: String) -> Int64 {
    Int64(ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970 * 1000)
  }

  /// Runs `body` with a server on `databaseURL` (a fresh SQLite file when nil).
  static func withServer(
    clock: ManualClock, databaseURL: String? = nil,
    _ body: @escaping @Sendable (Server) async throws -> Void
  ) async throws {
    var configuration = testConfiguration(databaseURL: databaseURL)
    configuration.pushAllowsLoopbackHTTP = true
    if databaseURL == nil {
      try FileManager.default.createDirectory(
        atPath: configuration.dataDirectory, withIntermediateDirectories: true)
    }
    var logger = Logger(label: "habitflow-test")
    logger.logLevel = .critical
    // A small pool on PostgreSQL: the suite's other tests share its connection limit.
    let store: HabitStore
    if let databaseURL {
      store = HabitStore(
        engine: try PostgresEngine.open(url: databaseURL, maximumConnections: 3, logger: logger))
    } else {
      store = try await HabitStore.open(configuration.databaseLocation, logger: logger)
    }
    try await withStore(store) { store in
      if databaseURL != nil { try await store.migrate() }
      let services = HabitServices(
        configuration: configuration, store: store, clock: clock.wall, logger: logger)
      let scheduler = ReminderScheduler(
        services: services, delivery: services.push, logger: logger)
      try await Application(router: buildRouter(services)).test(.router) { client in
        try await body(Server(services: services, scheduler: scheduler, client: client))
      }
    }
  }

  /// An account with one subscribed browser in `zone` and a habit reminding at `time`.
  static func account(
    _ server: Server, push: String, zone: String, time: String, weekdays: String = "",
    email: String = "reminded-\(UUID().uuidString.prefix(8))@example.com"
  ) async throws -> (token: String, habit: String, browser: TestBrowser) {
    let token = try await server.client.register(email)
    let days = weekdays.isEmpty ? "" : #","weekdays":[\#(weekdays)]"#
    let habit = try await server.client.createHabit(
      token,
      #""title":"Read","category":"health","start":"2026-10-01","reminders":{"times":["\#(time)"]\#(days)}"#
    )
    let browser = TestBrowser()
    let subscribed = try await server.client.call(
      .post, "/api/v1/push/subscriptions", token: token,
      json: browser.subscription(endpoint: push + "/push/\(habit)", zone: zone))
    #expect(subscribed.status == .created, "\(subscribed.text)")
    return (token, habit, browser)
  }

  static func payload(_ push: ReceivedPush, _ browser: TestBrowser) throws -> JSON {
    try JSONParser.parse(String(decoding: try browser.open(push.body), as: UTF8.self))
  }

  @Test func aReminderIsSentOnceAtItsTimeInTheAccountsZone() async throws {
    let clock = ManualClock(Self.instant("2026-11-23T20:25:00Z"))
    let standIn = PushStandIn()
    try await standIn.run { push in
      try await Self.withServer(clock: clock) { server in
        let (_, habit, browser) = try await Self.account(
          server, push: push, zone: "Europe/Paris", time: "21:30")
        try await server.scheduler.look()
        #expect(standIn.messages.isEmpty, "21:25 in Paris: not yet")
        clock.advance(milliseconds: 5 * 60_000)
        #expect(try await server.scheduler.look() == 1)
        clock.advance(milliseconds: 60_000)
        #expect(try await server.scheduler.look() == 0)
        let messages = standIn.messages
        #expect(messages.count == 1)
        let received = try #require(messages.first)
        #expect(received.encoding == "aes128gcm")
        #expect(received.authorization.hasPrefix("vapid t="))
        let payload = try Self.payload(received, browser)
        #expect(payload["habit"].string == habit)
        #expect(payload["day"].string == "2026-11-23")
        #expect(payload["title"].string == "Read")
        #expect(payload["actions"][0]["action"].string == "done")
        #expect(payload["actions"][1]["action"].string == "later")
        #expect(payload["act"].string?.hasPrefix("/api/v1/push/actions/") == true)
      }
    }
  }

  @Test func aDSTChangeMovesTheInstantButNotTheLocalTime() async throws {
    // Paris leaves summer time on 2026-10-25: 07:00 is 05:00 UTC the day before, 06:00 UTC after.
    let clock = ManualClock(Self.instant("2026-10-24T04:55:00Z"))
    let standIn = PushStandIn()
    try await standIn.run { push in
      try await Self.withServer(clock: clock) { server in
        let (_, _, browser) = try await Self.account(
          server, push: push, zone: "Europe/Paris", time: "07:00")
        try await server.scheduler.look()
        clock.advance(milliseconds: 6 * 60_000)
        #expect(try await server.scheduler.look() == 1)
        clock.advance(milliseconds: 24 * 3_600_000 - 6 * 60_000)
        try await server.scheduler.look()
        clock.advance(milliseconds: 6 * 60_000)
        #expect(try await server.scheduler.look() == 0, "05:01 UTC on the 25th is 06:01 in Paris")
        clock.advance(milliseconds: 60 * 60_000)
        #expect(try await server.scheduler.look() == 1)
        let days = try standIn.messages.map { try Self.payload($0, browser)["day"].string }
        #expect(days == ["2026-10-24", "2026-10-25"])
      }
    }
  }

  @Test func onlyTheChosenWeekdaysRemind() async throws {
    // 2026-11-22 is a Sunday, the 23rd a Monday.
    let clock = ManualClock(Self.instant("2026-11-22T08:55:00Z"))
    let standIn = PushStandIn()
    try await standIn.run { push in
      try await Self.withServer(clock: clock) { server in
        _ = try await Self.account(
          server, push: push, zone: "UTC", time: "09:00", weekdays: #""monday""#)
        try await server.scheduler.look()
        clock.advance(milliseconds: 10 * 60_000)
        #expect(try await server.scheduler.look() == 0)
        clock.advance(milliseconds: 24 * 3_600_000 - 10 * 60_000)
        try await server.scheduler.look()
        clock.advance(milliseconds: 10 * 60_000)
        #expect(try await server.scheduler.look() == 1)
      }
    }
  }

  @Test func doneSkippedArchivedAndDeletedHabitsSendNothing() async throws {
    let clock = ManualClock(Self.instant("2026-11-23T08:55:00Z"))
    let standIn = PushStandIn()
    try await standIn.run { push in
      try await Self.withServer(clock: clock) { server in
        let cases: [(String, String)] = [
          ("done", "PUT /entries/2026-11-23/done"), ("skipped", "PUT /entries/2026-11-23/skip"),
          ("archived", "PATCH"), ("deleted", "DELETE"),
        ]
        for (name, how) in cases {
          let (token, habit, _) = try await Self.account(
            server, push: push, zone: "UTC", time: "09:00",
            email: "quiet-\(name)-\(UUID().uuidString.prefix(6))@example.com")
          let path = "/api/v1/habits/\(habit)"
          let response: TestResponse
          switch how {
          case "PATCH":
            response = try await server.client.call(
              .patch, path, token: token, json: #"{"archived":true}"#)
          case "DELETE":
            response = try await server.client.call(.delete, path, token: token)
          default:
            response = try await server.client.call(
              .put, path + String(how.dropFirst(4)), token: token)
          }
          #expect(response.status.code < 300, "\(name): \(response.text)")
        }
        try await server.scheduler.look()
        clock.advance(milliseconds: 10 * 60_000)
        #expect(try await server.scheduler.look() == 0)
        #expect(standIn.messages.isEmpty)
      }
    }
  }

  @Test func doneMarksTheHabitAndLaterSendsAgainInTenMinutes() async throws {
    let clock = ManualClock(Self.instant("2026-11-23T08:55:00Z"))
    let standIn = PushStandIn()
    try await standIn.run { push in
      try await Self.withServer(clock: clock) { server in
        let (token, habit, browser) = try await Self.account(
          server, push: push, zone: "UTC", time: "09:00")
        try await server.scheduler.look()
        clock.advance(milliseconds: 6 * 60_000)
        #expect(try await server.scheduler.look() == 1)
        let first = try Self.payload(try #require(standIn.messages.last), browser)
        let act = try #require(first["act"].string)
        let later = try await server.client.call(.post, act, json: #"{"action":"later"}"#)
        #expect(later.status == .ok, "\(later.text)")
        let again = try await server.client.call(.post, act, json: #"{"action":"done"}"#)
        #expect(again.status == .notFound, "an action URL works once")
        clock.advance(milliseconds: 9 * 60_000)
        #expect(try await server.scheduler.look() == 0)
        clock.advance(milliseconds: 60_000)
        #expect(try await server.scheduler.look() == 1)
        #expect(try await server.scheduler.look() == 0)
        let second = try Self.payload(try #require(standIn.messages.last), browser)
        #expect(second["tag"] == first["tag"])
        let done = try await server.client.call(
          .post, try #require(second["act"].string), json: #"{"action":"done"}"#)
        #expect(done.status == .ok, "\(done.text)")
        let entries = try await server.client.call(
          .get, "/api/v1/habits/\(habit)/entries?from=2026-11-23&to=2026-11-23", token: token)
        #expect(entries.json["entries"][0]["done"].bool == true, "\(entries.text)")
      }
    }
  }

  @Test func aLaterForAHabitDoneMeanwhileIsNotSent() async throws {
    let clock = ManualClock(Self.instant("2026-11-23T08:55:00Z"))
    let standIn = PushStandIn()
    try await standIn.run { push in
      try await Self.withServer(clock: clock) { server in
        let (token, habit, browser) = try await Self.account(
          server, push: push, zone: "UTC", time: "09:00")
        try await server.scheduler.look()
        clock.advance(milliseconds: 6 * 60_000)
        try await server.scheduler.look()
        let last = try #require(standIn.messages.last)
        let act = try #require(try Self.payload(last, browser)["act"].string)
        _ = try await server.client.call(.post, act, json: #"{"action":"later"}"#)
        _ = try await server.client.call(
          .put, "/api/v1/habits/\(habit)/entries/2026-11-23/done", token: token)
        clock.advance(milliseconds: 11 * 60_000)
        #expect(try await server.scheduler.look() == 0)
        #expect(standIn.messages.count == 1)
      }
    }
  }

  @Test func aSubscriptionThePushServiceReportsGoneIsRemoved() async throws {
    let clock = ManualClock(Self.instant("2026-11-23T08:55:00Z"))
    let standIn = PushStandIn()
    try await standIn.run { push in
      try await Self.withServer(clock: clock) { server in
        let token = try await server.client.register("gone@example.com")
        let browser = TestBrowser()
        _ = try await server.client.call(
          .post, "/api/v1/push/subscriptions", token: token,
          json: browser.subscription(endpoint: push + "/gone/1", zone: "UTC"))
        let sent = try await server.client.call(.post, "/api/v1/push/test", token: token)
        #expect(sent.json["failed"].int == 1, "\(sent.text)")
        let list = try await server.client.call(.get, "/api/v1/push/subscriptions", token: token)
        #expect(list.json["subscriptions"].array.isEmpty)
      }
    }
  }

  @Test func twoServersOnOnePostgresSendEachReminderOnce() async throws {
    guard let url = ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"] else {
      if ProcessInfo.processInfo.environment["CI"] != nil {
        Issue.record("HABITFLOW_TEST_POSTGRES_URL is not set: the two-server test cannot run")
      }
      return
    }
    let clock = ManualClock(Self.instant("2026-11-23T08:55:00Z"))
    let standIn = PushStandIn()
    // A database of its own: every reminder due there is one of this test's four, whatever
    // earlier runs and other tests left in the shared one.
    try await withScratchDatabase(on: url) { url in
      try await standIn.run { push in
        try await Self.withServer(clock: clock, databaseURL: url) { one in
          try await Self.withServer(clock: clock, databaseURL: url) { two in
            var habits: Set<String> = []
            for _ in 0..<4 {
              habits.insert(
                try await Self.account(one, push: push, zone: "UTC", time: "09:00").habit)
            }
            try await one.scheduler.look()
            try await two.scheduler.look()
            clock.advance(milliseconds: 6 * 60_000)
            async let first = one.scheduler.look()
            async let second = two.scheduler.look()
            _ = try await (first, second)
            #expect(standIn.messages.map(\.path).sorted() == habits.map { "/push/" + $0 }.sorted())
          }
        }
      }
    }
  }

  /// The scheduler's first round on a fresh SQLite folder comes after the schema is made: no
  /// "no such table" (the rounds run each second; a VAPID key in the database shows one ran).
  @Test func aFreshSQLiteFolderLogsNoQueryBeforeItsTablesExist() async throws {
    for _ in 0..<2 {
      let capture = LogCapture()
      var configuration = testConfiguration()
      configuration.reminderInterval = 1
      let location = configuration.databaseLocation
      let app = try await buildApplication(configuration, logger: capture.logger())
      try await app.test(.live) { _ in
        var quiet = Logger(label: "habitflow-test")
        quiet.logLevel = .critical
        // Not `open`: that would make the schema itself.
        let reader = try await HabitStore.connect(location, runsClient: true, logger: quiet)
        try await withStore(reader) { reader in
          let started = ContinuousClock.now
          while ContinuousClock.now - started < .seconds(60) {
            if (try? await Self.hasKey(reader)) == true { break }
            try await Task.sleep(for: .milliseconds(100))
          }
          #expect(try await Self.hasKey(reader), "the scheduler made the VAPID key")
        }
        // One more round after the first.
        try await Task.sleep(for: .milliseconds(1_200))
      }
      let problems = capture.all.filter {
        $0.contains("no such table") || $0.contains("reminders not sent")
          || $0.contains("VAPID key could not")
      }
      #expect(problems.isEmpty, "\(problems)")
    }
  }

  /// Whether the database holds a server key (an error while its table does not exist yet).
  static func hasKey(_ store: HabitStore) async throws -> Bool {
    try await store.engine.read { database in
      try await database.raw("SELECT name FROM server_keys").first() != nil
    }
  }
}
