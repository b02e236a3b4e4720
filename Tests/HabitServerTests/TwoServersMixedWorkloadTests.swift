import AsyncHTTPClient
import Foundation
import HabitCore
import HabitSync
import NIOHTTP1
import Synchronization
import Testing

/// Issue 15: two servers on one PostgreSQL serve the benchmark's mix with nothing lost or stale.
@Suite struct TwoServersMixedWorkloadTests {
  /// Enough accounts and phones to overlap on both servers, for a few seconds on two cores.
  static let accounts = 24
  static let phones = 16
  static let workload: Duration = .seconds(4)
  /// Like the benchmark's seed: each account has a habit marked done and two counted by taps.
  static let habits = ["habit-0", "habit-1", "habit-2"]
  static let doneHabit = habits[0]

  @Test
  func twoServersOnOnePostgreSQLServeManyAccountsMixedWorkloadWithNoLostWriteAndNoStaleRead()
    async throws
  {
    guard let url = ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"] else {
      if ProcessInfo.processInfo.environment["CI"] != nil {
        Issue.record(
          "HABITFLOW_TEST_POSTGRES_URL is not set: the two-server mixed workload test cannot run")
      }
      return
    }
    try await withHTTPClient { http in
      try await ServerProcess.running(databaseURL: url) { first in
        try await ServerProcess.running(databaseURL: url) { second in
          try await Self.serveMixedWorkload(
            [API(client: http, base: first.url), API(client: http, base: second.url)])
        }
      }
    }
  }

  /// Runs the benchmark's mix of requests against both servers, then checks every account.
  static func serveMixedWorkload(_ servers: [API]) async throws {
    // The servers' today (UTC, as the benchmark sends it) and the two days before.
    let today = Day(daysSince1970: Int(Date().timeIntervalSince1970 / 86_400))
    let days = (0..<3).map { today.advanced(by: -$0).iso }
    let tokens = try await Self.openAccounts(on: servers)
    let ledger = Ledger(accounts: tokens.count)
    let phones = Phones(servers: servers, tokens: tokens, days: days, ledger: ledger)
    let deadline = ContinuousClock.now + Self.workload
    try await withThrowingTaskGroup(of: Void.self) { group in
      for phone in 0..<Self.phones {
        group.addTask {
          while ContinuousClock.now < deadline { try await phones.request(from: phone) }
        }
      }
      try await group.waitForAll()
    }
    let sent = ledger.requests
    for kind in ["list", "done", "count", "sync", "pull"] {
      #expect(sent[kind, default: 0] >= 10, "too few \(kind) requests ran: \(sent)")
    }
    for account in tokens.indices {
      try await phones.verify(account)
    }
  }

  /// Half the accounts start on each server and get their habits on the other, crossing at once.
  static func openAccounts(on servers: [API]) async throws -> [String] {
    let run = UUID().uuidString.prefix(8).lowercased()
    return try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for account in 0..<accounts {
        group.addTask {
          let token = try await servers[account % 2].register(
            "mixed-\(run)-\(account)@example.com")
          for habit in habits {
            let measure =
              habit == doneHabit ? "" : #","measure":{"type":"count","step":1,"target":8}"#
            let created = try await servers[(account + 1) % 2].call(
              .POST, "/api/v1/habits", token: token,
              json:
                #"{"id":"\#(habit)","title":"\#(habit)","category":"health","start":"2025-01-01"\#(measure)}"#
            )
            #expect(created.status == 201, "\(JSONWriter.write(created.json))")
          }
          return (account, token)
        }
      }
      var tokens = [String](repeating: "", count: accounts)
      for try await (account, token) in group { tokens[account] = token }
      return tokens
    }
  }
}

/// A read may show no less than was acknowledged before it and no more than was sent by its end.
private final class Ledger: Sendable {
  struct Account: Sendable {
    /// Count taps per entry key (`habit/day`).
    var tapsSent: [String: Int] = [:]
    var tapsAcknowledged: [String: Int] = [:]
    /// Entry keys marked done.
    var doneSent: Set<String> = []
    var doneAcknowledged: Set<String> = []
    /// The newest note per entry key, by its number (notes are numbered in stamp order).
    var notesSent: [String: Int] = [:]
    var notesAcknowledged: [String: Int] = [:]
    /// The furthest sync cursor a phone of the account was given.
    var cursor = 0

    /// At the end, when nothing is in flight: what may be stored for an entry.
    func done(_ key: String) -> Set<Bool> {
      doneAcknowledged.contains(key) ? [true] : doneSent.contains(key) ? [true, false] : [false]
    }

    func taps(_ key: String) -> ClosedRange<Int> {
      tapsAcknowledged[key, default: 0]...tapsSent[key, default: 0]
    }

    func note(_ key: String) -> ClosedRange<Int> {
      notesAcknowledged[key, default: 0]...notesSent[key, default: 0]
    }
  }

  private struct State {
    var accounts: [Account]
    var requests: [String: Int] = [:]
    /// The phones' shared hybrid clock: each note's stamp is later than the one before.
    var wall: Int64 = 0
    var counter = 0
    var notes = 0
  }

  private let state: Mutex<State>

  init(accounts: Int) {
    state = Mutex(State(accounts: Array(repeating: Account(), count: accounts)))
  }

  var requests: [String: Int] { state.withLock { $0.requests } }

  subscript(account: Int) -> Account { state.withLock { $0.accounts[account] } }

  func count(_ kind: String) { state.withLock { $0.requests[kind, default: 0] += 1 } }

  func update(_ account: Int, _ change: (inout Account) -> Void) {
    state.withLock { change(&$0.accounts[account]) }
  }

  /// A new note for `key`: its number and a stamp later than every note's before it.
  func note(_ account: Int, key: String, device: String) -> (number: Int, stamp: String) {
    state.withLock { state in
      let now = Int64(Date().timeIntervalSince1970 * 1000)
      if now > state.wall {
        (state.wall, state.counter) = (now, 0)
      } else {
        state.counter += 1
      }
      state.notes += 1
      state.accounts[account].notesSent[key] = state.notes
      return (state.notes, Stamp(wall: state.wall, counter: state.counter, device: device).text)
    }
  }
}

/// Phones sending `Benchmarks/load/mixed.lua`'s mix, each write read back on the other server.
private struct Phones: Sendable {
  let servers: [API]
  let tokens: [String]
  let days: [String]
  let ledger: Ledger

  /// Today's list half the time, a check-in a third, a sync of two notes the rest.
  func request(from phone: Int) async throws {
    let account = Int.random(in: 0..<tokens.count)
    let server = Int.random(in: 0..<2)
    // Mostly today, as phones send it; sometimes the days before.
    let day = Bool.random() ? days[0] : days.randomElement()!
    switch Int.random(in: 0..<100) {
    case 0..<50: try await readList(account, day: day, on: server, after: "nothing")
    case 50..<85: try await checkIn(account, day: day, on: server)
    default: try await sync(account, day: day, on: server, phone: phone)
    }
  }

  /// A done or a count tap on one server must show at once in the other server's list.
  func checkIn(_ account: Int, day: String, on server: Int) async throws {
    let habit = TwoServersMixedWorkloadTests.habits.randomElement()!
    let key = habit + "/" + day
    let path = "/api/v1/habits/\(habit)/entries/\(day)"
    guard habit == TwoServersMixedWorkloadTests.doneHabit else {
      ledger.count("count")
      ledger.update(account) { $0.tapsSent[key, default: 0] += 1 }
      let reply = try await servers[server].call(
        .POST, path + "/count", token: tokens[account], json: #"{"times":1}"#)
      #expect(reply.status == 200, "\(JSONWriter.write(reply.json))")
      if reply.status == 200 {
        ledger.update(account) { $0.tapsAcknowledged[key, default: 0] += 1 }
      }
      try await readList(account, day: day, on: 1 - server, after: "\(key) counted on \(server)")
      return
    }
    // A quarter of the dones are sent twice at once, as a phone retries a tap whose answer is
    // slow: PUT is idempotent, so each 200 must mean the day is stored.
    let copies = Int.random(in: 0..<4) == 0 ? 2 : 1
    try await withThrowingTaskGroup(of: Void.self) { group in
      for copy in 1...copies {
        group.addTask {
          ledger.count("done")
          ledger.update(account) { $0.doneSent.insert(key) }
          let reply = try await servers[server].call(.PUT, path + "/done", token: tokens[account])
          #expect(reply.status == 200 && reply.json["entry"]["done"].bool == true)
          if reply.status == 200 { ledger.update(account) { $0.doneAcknowledged.insert(key) } }
          try await readList(
            account, day: day, on: 1 - server,
            after: "\(key) done on \(server) (copy \(copy) of \(copies) sent at once)")
        }
      }
      try await group.waitForAll()
    }
  }

  /// Two notes synced on one server must come back in the other's pull (or newer) and list.
  func sync(_ account: Int, day: String, on server: Int, phone: Int) async throws {
    ledger.count("sync")
    let device = "phone-\(account)-\(phone)"
    let cursor = ledger[account].cursor
    let notes = TwoServersMixedWorkloadTests.habits.shuffled().prefix(2).map { habit in
      let key = habit + "/" + day
      let (number, stamp) = ledger.note(account, key: key, device: device)
      return (key: key, number: number, stamp: stamp)
    }
    let changes = notes.map { note in
      #"{"id":"\#(device).\#(note.number)","entity":"entry","key":"\#(note.key)","field":"note","value":"note \#(note.number)","stamp":"\#(note.stamp)"}"#
    }
    let reply = try await servers[server].call(
      .POST, "/api/v1/sync", token: tokens[account],
      json:
        #"{"device":"\#(device)","cursor":\#(cursor),"changes":[\#(changes.joined(separator: ","))]}"#
    )
    let accepted = reply.status == 200 && reply.json["accepted"].int == 2
    #expect(accepted, "sync on \(server): \(JSONWriter.write(reply.json))")
    if accepted {
      ledger.update(account) { state in
        for note in notes {
          state.notesAcknowledged[note.key] = max(
            state.notesAcknowledged[note.key] ?? 0, note.number)
        }
        state.cursor = max(state.cursor, reply.json["cursor"].int ?? 0)
      }
    }
    let rows = try await pull(account, after: cursor, on: 1 - server, device: device)
    for note in notes {
      let newest = rows.filter { isNote($0, key: note.key) }.compactMap {
        number($0["value"].string)
      }
      .max()
      #expect(
        (newest ?? 0) >= note.number,
        "account \(account): the pull on \(1 - server) from \(cursor) after a sync on \(server) lacks note \(note.number) on \(note.key) (newest \(newest.map(String.init) ?? "none"))"
      )
    }
    try await readList(account, day: day, on: 1 - server, after: "notes synced on \(server)")
  }

  /// The account's rows after `cursor` on `server`, every page.
  func pull(_ account: Int, after cursor: Int, on server: Int, device: String) async throws
    -> [JSON]
  {
    var rows: [JSON] = []
    var cursor = cursor
    while true {
      ledger.count("pull")
      let reply = try await servers[server].call(
        .POST, "/api/v1/sync", token: tokens[account],
        json: #"{"device":"\#(device)","cursor":\#(cursor),"changes":[]}"#)
      #expect(reply.status == 200, "pull on \(server): \(JSONWriter.write(reply.json))")
      rows += reply.json["changes"].array
      guard reply.json["more"].bool == true, let next = reply.json["cursor"].int else {
        return rows
      }
      cursor = next
    }
  }

  /// A day's list must hold what was acknowledged before it was sent, and nothing never sent.
  func readList(_ account: Int, day: String, on server: Int, after what: String) async throws {
    ledger.count("list")
    let before = ledger[account]
    let reply = try await servers[server].call(
      .GET, "/api/v1/habits?day=\(day)", token: tokens[account])
    let after = ledger[account]
    #expect(reply.status == 200)
    var problems: [String] = []
    for habit in TwoServersMixedWorkloadTests.habits {
      let key = habit + "/" + day
      guard
        let item = reply.json["habits"].array.first(where: { $0["habit"]["id"].string == habit })
      else {
        problems.append("\(habit) is missing")
        continue
      }
      if habit == TwoServersMixedWorkloadTests.doneHabit {
        let done = item["done"].bool
        if before.doneAcknowledged.contains(key) && done != true {
          problems.append("\(key) is not done")
        }
        if !after.doneSent.contains(key) && done != false { problems.append("\(key) is done") }
      } else {
        let taps = Int(item["value"].string ?? "") ?? -1
        let range = before.tapsAcknowledged[key, default: 0]...after.tapsSent[key, default: 0]
        if !range.contains(taps) { problems.append("\(key) has \(taps) taps, not \(range)") }
      }
      let note = number(item["note"].string) ?? -1
      let notes = before.notesAcknowledged[key, default: 0]...after.notesSent[key, default: 0]
      if !notes.contains(note) { problems.append("\(key) shows note \(note), not \(notes)") }
    }
    #expect(
      problems.isEmpty,
      "account \(account), \(day) on server \(server) after \(what): \(problems) in \(JSONWriter.write(reply.json))"
    )
  }

  /// No lost write: both servers' entries, lists and exports, and the rows, hold every write.
  func verify(_ account: Int) async throws {
    let expected = ledger[account]
    let token = tokens[account]
    var answers: [[JSON]] = []
    for server in servers.indices {
      var answer: [JSON] = []
      for habit in TwoServersMixedWorkloadTests.habits {
        let reply = try await servers[server].call(
          .GET, "/api/v1/habits/\(habit)/entries?from=\(days[2])&to=\(days[0])", token: token)
        #expect(reply.status == 200)
        answer.append(reply.json)
        for day in days {
          let key = habit + "/" + day
          let entry = reply.json["entries"].array.first { $0["day"].string == day }
          let note = entry.flatMap { number($0["note"].string) } ?? 0
          #expect(
            expected.note(key).contains(note),
            "account \(account) on \(server): \(key) note \(note)")
          if habit == TwoServersMixedWorkloadTests.doneHabit {
            let done = entry?["done"].bool ?? false
            #expect(
              expected.done(key).contains(done),
              "account \(account) on \(server): \(key) done is \(done)")
          } else {
            let taps = entry.flatMap { Int($0["value"].string ?? "") } ?? 0
            #expect(
              expected.taps(key).contains(taps),
              "account \(account) on \(server): \(key) \(taps) taps")
          }
        }
      }
      for day in days {
        let list = try await servers[server].call(
          .GET, "/api/v1/habits?day=\(day)", token: token)
        answer.append(list.json)
      }
      let export = try await servers[server].call(.GET, "/api/v1/export", token: token)
      #expect(export.status == 200 && export.json["format"].string == "habitflow-backup")
      answer.append(withoutExportTime(export.json))
      answers.append(answer)
    }
    let differing = zip(answers[0], answers[1]).first { $0 != $1 }
    #expect(
      differing == nil,
      "account \(account): the servers answer \(differing.map { JSONWriter.write($0.0) } ?? "") and \(differing.map { JSONWriter.write($0.1) } ?? "")"
    )
    // What the database holds: each entry's newest note, its done and every server's runs of
    // taps (only taps here, so their sum).
    let rows = try await pull(account, after: 0, on: 0, device: "phone-\(account)-check")
    for habit in TwoServersMixedWorkloadTests.habits {
      for day in days {
        let key = habit + "/" + day
        let note =
          rows.filter { isNote($0, key: key) }.compactMap { number($0["value"].string) }
          .max() ?? 0
        #expect(expected.note(key).contains(note), "account \(account): stored \(key) note \(note)")
        guard habit != TwoServersMixedWorkloadTests.doneHabit else {
          let value = rows.last { $0["key"].string == key && $0["field"].string == "value" }
          let done = (value?["value"].int ?? 0) > 0
          #expect(
            expected.done(key).contains(done), "account \(account): stored \(key) done is \(done)")
          continue
        }
        let stored = rows.filter {
          $0["entity"].string == "entry" && $0["key"].string == key
            && ($0["field"].string ?? "").hasPrefix(RecordFields.entryCounterPrefix)
        }
        let taps = stored.compactMap { $0["value"].int }.reduce(0, +) / 1000
        #expect(expected.taps(key).contains(taps), "account \(account): stored \(key) \(taps) taps")
      }
    }
  }

  private func isNote(_ row: JSON, key: String) -> Bool {
    row["entity"].string == "entry" && row["key"].string == key && row["field"].string == "note"
  }

  /// A note's number ("note 12" is 12); 0 for no note, nil for a note no phone wrote.
  private func number(_ note: String?) -> Int? {
    guard let note, !note.isEmpty else { return 0 }
    guard note.hasPrefix("note ") else { return nil }
    return Int(note.dropFirst(5))
  }

  /// The export without the time it was made, which differs from server to server.
  private func withoutExportTime(_ json: JSON) -> JSON {
    guard case .object(let members) = json else { return json }
    return .object(members.filter { $0.0 != "exportedAt" })
  }
}
