import AsyncHTTPClient
import Foundation
import HabitCore
import HabitSync
import NIOCore
import NIOHTTP1
import Testing

/// Two servers on one PostgreSQL keep taking writes when the database ends their connections or
/// restarts: requests in the gap get a 503 (never a hang), writes resume by themselves within
/// five seconds, nothing acknowledged is lost, and SIGTERM still ends each server promptly.
/// Runs on its own PostgreSQL cluster (`scripts/start-postgres.sh faults`), since it restarts it.
@Suite(.serialized) struct PostgresFaultTests {
  private static let days = (0..<3_600).map { Day(iso: "2026-11-22")!.advanced(by: -$0).iso }

  private struct Cluster {
    let url: String
    let restart: String
  }

  private static var cluster: Cluster? {
    let environment = ProcessInfo.processInfo.environment
    guard let url = environment["HABITFLOW_TEST_POSTGRES_FAULTS_URL"],
      let restart = environment["HABITFLOW_TEST_POSTGRES_FAULTS_RESTART"]
    else {
      if environment["CI"] != nil {
        Issue.record(
          "HABITFLOW_TEST_POSTGRES_FAULTS_URL and _RESTART are not set: the PostgreSQL fault test cannot run"
        )
      }
      return nil
    }
    return Cluster(url: url, restart: restart)
  }

  @Test func writesResumeWithinFiveSecondsAfterPostgreSQLDropsConnectionsOrRestarts() async throws {
    guard let cluster = Self.cluster else { return }
    let http = HTTPClient(eventLoopGroupProvider: .singleton)
    let first = try ServerProcess(databaseURL: cluster.url)
    let second = try ServerProcess(databaseURL: cluster.url)
    let servers = [API(client: http, base: first.url), API(client: http, base: second.url)]
    let email = "ann-\(UUID().uuidString.prefix(8))@example.com".lowercased()
    let tokens = [try await servers[0].register(email), try await servers[1].login(email)]
    let created = try await servers[0].call(
      .POST, "/api/v1/habits", token: tokens[0],
      json: #"{"title":"Walk","category":"health","start":"2017-01-01"}"#)
    let habit = try #require(created.json["habit"]["id"].string)
    let log = ReplyLog()
    let stop = Flag()
    let load = Task {
      await withTaskGroup(of: Void.self) { group in
        for worker in 0..<16 {
          group.addTask {
            let server = worker % 2
            // Round and round the days until told to stop (marking a day done again is a
            // no-op), so the load outlasts both faults however fast the host is.
            var index = worker
            while !stop.isSet {
              index = (index + 16) % Self.days.count
              let started = ContinuousClock.now
              let reply = try? await servers[server].call(
                .PUT, "/api/v1/habits/\(habit)/entries/\(Self.days[index])/done",
                token: tokens[server], timeout: .seconds(15))
              await log.add(
                server: server, day: Self.days[index], status: reply?.status,
                code: reply?.json["error"]["code"].string, started: started)
            }
          }
        }
      }
    }
    try await Task.sleep(for: .seconds(1))
    let dropped = ContinuousClock.now
    try Self.psql(
      cluster.url,
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
    )
    try await Self.expectWritesResume(after: dropped, in: log, what: "connections were dropped")
    let restarted = ContinuousClock.now
    try Self.shell(cluster.restart)
    try await Self.expectWritesResume(after: restarted, in: log, what: "PostgreSQL restarted")
    stop.set()
    await load.value

    let replies = await log.replies
    let hung = replies.filter { $0.status == nil }
    #expect(hung.isEmpty, "\(hung.count) requests got no answer within 15 s")
    let odd = replies.filter {
      guard let status = $0.status else { return false }
      return status != 200 && !(status == 503 && $0.code == "unavailable")
    }
    #expect(odd.isEmpty, "a failed write must be a 503 'unavailable': \(odd.prefix(5))")
    let acked = Set(replies.filter { $0.status == 200 }.map(\.day))
    for (server, token) in zip(servers, tokens) {
      let shown = try await server.call(
        .GET, "/api/v1/habits/\(habit)/entries?from=2017-01-01&to=2026-11-22", token: token)
      let days = Set(shown.json["entries"].array.compactMap { $0["day"].string })
      #expect(acked.isSubset(of: days), "lost: \(acked.subtracting(days).sorted().prefix(10))")
    }
    for server in [first, second] {
      let asked = ContinuousClock.now
      server.process.terminate()
      while server.process.isRunning && ContinuousClock.now - asked < .seconds(10) {
        try await Task.sleep(for: .milliseconds(50))
      }
      #expect(!server.process.isRunning, "SIGTERM did not end the server within 10 s")
      if server.process.isRunning { server.kill() }
    }
    try await http.shutdown()
  }

  /// Both servers acknowledge a write that began at most five seconds after `fault`.
  private static func expectWritesResume(
    after fault: ContinuousClock.Instant, in log: ReplyLog, what: String
  ) async throws {
    for server in 0..<2 {
      var resumed = false
      while ContinuousClock.now - fault < .seconds(12) {
        if await log.acknowledged(server: server, startedAfter: fault + .seconds(5)) != nil {
          break
        }
        if let first = await log.acknowledged(server: server, startedAfter: fault),
          first - fault <= .seconds(5)
        {
          resumed = true
          break
        }
        try await Task.sleep(for: .milliseconds(50))
      }
      #expect(resumed, "server \(server + 1) took more than 5 s to write again after \(what)")
    }
  }

  private static func psql(_ url: String, _ sql: String) throws {
    try run("/usr/bin/env", ["psql", url, "-qtAc", sql])
  }

  /// Runs `command` through the C library: Foundation's `Process` never saw `pg_ctlcluster`
  /// exit (its daemon outlives it), so the test would wait for good.
  private static func shell(_ command: String) throws {
    let status = system(command + " </dev/null >/dev/null 2>&1")
    #expect(status == 0, "\(command) failed with \(status)")
  }

  private static func run(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(arguments) failed")
  }
}

/// Every answer the load got, with when its request began.
actor ReplyLog {
  struct Reply: Sendable {
    let server: Int
    let day: String
    let status: Int?
    let code: String?
    let started: ContinuousClock.Instant
  }

  private(set) var replies: [Reply] = []

  func add(
    server: Int, day: String, status: Int?, code: String?, started: ContinuousClock.Instant
  ) {
    replies.append(Reply(server: server, day: day, status: status, code: code, started: started))
  }

  /// When the first acknowledged request to `server` that began after `instant` began.
  func acknowledged(server: Int, startedAfter instant: ContinuousClock.Instant)
    -> ContinuousClock.Instant?
  {
    replies.filter { $0.server == server && $0.status == 200 && $0.started > instant }
      .map(\.started).min()
  }
}
