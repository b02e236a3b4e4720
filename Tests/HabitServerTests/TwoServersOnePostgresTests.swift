import Foundation
import HabitServer
import HummingbirdTesting
import Logging
import Testing

/// Two servers on one PostgreSQL database, many accounts at once: every tap acknowledged by
/// either server counts (no lost write) and the other server's next read shows it (no stale read).
@Suite struct TwoServersOnePostgresTests {
  @Test func tapsAlternatingBetweenTwoServersAreNeverLostOrReadStale() async throws {
    try await withTwoServers(people: 8) { one, two, run, person in
      let token = try await one.register("two-servers-\(run)-\(person)@example.com")
      let habit = try await one.createHabit(
        token,
        #""title":"Water","category":"health","measure":{"type":"count","step":1,"target":99}"#
      )
      let entries = "/api/v1/habits/\(habit)/entries?from=\(today)&to=\(today)"
      for tap in 1...12 {
        let (writer, reader) = tap % 2 == 0 ? (one, two) : (two, one)
        let tapped = try await writer.call(
          .post, "/api/v1/habits/\(habit)/entries/\(today)/count", token: token,
          json: #"{"times":1}"#)
        #expect(tapped.status == .ok, "\(tapped.text)")
        let read = try await reader.call(.get, entries, token: token)
        #expect(
          read.json["entries"][0]["value"].string == String(tap),
          "person \(person), tap \(tap): the other server read \(read.text)")
      }
      for server in [one, two] {
        let read = try await server.call(.get, entries, token: token)
        #expect(read.json["entries"][0]["value"].string == "12")
      }
    }
  }

  /// The scale benchmark's workload on two servers whose caches hold a quarter of the accounts
  /// (so accounts are dropped and loaded again all the time): phones of many people open the
  /// app on either server, read today's list, tap, and sync notes. Every acknowledged write is
  /// read back by the other server straight after, and both end holding the same rows.
  @Test func phoneSessionsAcrossManyAccountsOnTwoServersLoseNoWriteAndReadNothingStale()
    async throws
  {
    try await withTwoServers(people: 16, cachedAccounts: 4) { one, two, run, person in
      let token = try await one.register("sessions-\(run)-\(person)@example.com")
      let habit = try await two.createHabit(
        token,
        #""title":"Water","category":"health","measure":{"type":"count","step":1,"target":99}"#
      )
      let entries = "/api/v1/habits/\(habit)/entries?from=\(today)&to=\(today)"
      var taps = 0
      var note = ""
      for step in 0..<18 {
        let (writer, reader) = (step + person) % 2 == 0 ? (one, two) : (two, one)
        switch step % 6 {
        case 0, 5:
          note = "session \(step)"
          let change =
            #"{"id":"phone-\#(person).\#(step)","entity":"entry","key":"\#(habit)/\#(today)","field":"note","value":"\#(note)","stamp":"001795348800000-\#(String(10_000 + step).suffix(5))-phone-\#(person)"}"#
          let synced = try await writer.call(
            .post, "/api/v1/sync", token: token,
            json: #"{"device":"phone-\#(person)","cursor":0,"changes":[\#(change)]}"#)
          #expect(synced.status == .ok, "\(synced.text)")
        case 1:
          let list = try await writer.call(
            .get, "/api/v1/habits?day=\(today)", token: token)
          #expect(list.json["habits"].array.map { $0["habit"]["id"].string } == [habit])
        default:
          let tapped = try await writer.call(
            .post, "/api/v1/habits/\(habit)/entries/\(today)/count", token: token,
            json: #"{"times":1}"#)
          #expect(tapped.status == .ok, "\(tapped.text)")
          taps += 1
        }
        let read = try await reader.call(.get, entries, token: token)
        let entry = read.json["entries"][0]
        #expect(
          entry["value"].string == String(taps) && entry["note"].string == note,
          "person \(person), step \(step): the other server read \(read.text)")
      }
      var rows: [String] = []
      for server in [one, two] {
        let read = try await server.call(.get, entries, token: token)
        #expect(read.json["entries"][0]["value"].string == String(taps))
        let pulled = try await server.call(
          .post, "/api/v1/sync", token: token,
          json: #"{"device":"phone-\#(person)","cursor":0,"changes":[]}"#)
        rows.append(pulled.text)
      }
      #expect(rows[0] == rows[1], "the two servers hold different rows")
    }
  }

  /// Runs `person` for `people` people at once against two servers on the test PostgreSQL
  /// database (each with `cachedAccounts`, if given), with an id unique to this run.
  private func withTwoServers(
    people: Int, cachedAccounts: Int? = nil,
    _ person:
      @escaping @Sendable (
        any TestClientProtocol, any TestClientProtocol, String, Int
      ) async throws -> Void
  ) async throws {
    guard let url = ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"] else {
      if ProcessInfo.processInfo.environment["CI"] != nil {
        Issue.record("HABITFLOW_TEST_POSTGRES_URL is not set: the two-server test cannot run")
      }
      return
    }
    var logger = Logger(label: "habitflow-test")
    logger.logLevel = .warning
    var configuration = testConfiguration(databaseURL: url)
    if let cachedAccounts { configuration.cachedAccounts = cachedAccounts }
    let first = try await buildApplication(configuration, clock: testClock, logger: logger)
    configuration.dataDirectory += "-second"
    let second = try await buildApplication(configuration, clock: testClock, logger: logger)
    let run = UUID().uuidString.prefix(8).lowercased()
    try await first.test(.router) { one in
      try await second.test(.router) { two in
        try await withThrowingTaskGroup(of: Void.self) { group in
          for index in 0..<people {
            group.addTask { try await person(one, two, run, index) }
          }
          try await group.waitForAll()
        }
      }
    }
  }
}
