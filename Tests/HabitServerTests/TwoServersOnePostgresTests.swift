import Foundation
import HabitServer
import HummingbirdTesting
import Logging
import Testing

/// Two servers on one PostgreSQL database, many accounts at once: every tap acknowledged by
/// either server counts (no lost write) and the other server's next read shows it (no stale read).
@Suite struct TwoServersOnePostgresTests {
  @Test func tapsAlternatingBetweenTwoServersAreNeverLostOrReadStale() async throws {
    guard let url = ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"] else {
      if ProcessInfo.processInfo.environment["CI"] != nil {
        Issue.record("HABITFLOW_TEST_POSTGRES_URL is not set: the two-server test cannot run")
      }
      return
    }
    var logger = Logger(label: "habitflow-test")
    logger.logLevel = .warning
    let first = try await buildApplication(
      testConfiguration(databaseURL: url), clock: testClock, logger: logger)
    let second = try await buildApplication(
      testConfiguration(databaseURL: url), clock: testClock, logger: logger)
    let run = UUID().uuidString.prefix(8).lowercased()
    try await first.test(.router) { one in
      try await second.test(.router) { two in
        try await withThrowingTaskGroup(of: Void.self) { group in
          for person in 0..<8 {
            group.addTask {
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
          try await group.waitForAll()
        }
      }
    }
  }
}
