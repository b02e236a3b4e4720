import Crypto
import Foundation
import HabitCore
import HabitStore
import HabitSync

/// The accounts of the many-accounts load benchmark, written through the store as a first sync of
/// each person's phone would leave them: account `index` has a fixed id, email and session token,
/// so the load scripts can sign in as any of them without a login (and its bcrypt) per account.
enum SeedAccounts {
  /// Accounts with ten years of history live in their own range, outside the random workload.
  static let decadeBase = 1_000_000

  static func id(_ index: Int) -> String {
    let digits = String(index)
    return "5eed" + String(repeating: "0", count: 28 - digits.count) + digits
  }

  /// The bearer token `Benchmarks/load/mixed.lua` sends for account `index`.
  static func token(_ index: Int) -> String { "seed-token-\(index)" }

  static func tokenHash(_ token: String) -> String {
    SHA256.hash(data: Data(token.utf8)).map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }.joined()
  }

  /// Seeds accounts `0..<count` with `habits` habits and `years` years of history each, and
  /// `decades` accounts with ten years, skipping accounts a previous run finished (their session
  /// is the last thing written), so an interrupted or smaller seeding grows to the full one.
  static func seed(location: String, count: Int, habits: Int, years: Int, decades: Int)
    async throws
  {
    let store = try await HabitStore.open(location)
    let today = Day(daysSince1970: Int(Date().timeIntervalSince1970 / 86_400))
    let clock = ContinuousClock()
    let started = clock.now
    let indices = Array(0..<count) + (0..<decades).map { decadeBase + $0 }
    var pending: [Int] = []
    for index in indices where try await store.session(tokenHash: tokenHash(token(index))) == nil {
      pending.append(index)
    }
    print("seed: \(indices.count - pending.count) accounts already seeded, \(pending.count) to go")
    var written = 0
    var rows = 0
    // The next account's changes are made while the current one is written.
    var next: Task<[Change], Never>? = pending.first.map { first in
      Task { makeChanges(index: first, habits: habits, years: years, today: today) }
    }
    for (position, index) in pending.enumerated() {
      guard let changes = await next?.value else { break }
      next =
        position + 1 < pending.count
        ? Task { [pending] in
          makeChanges(index: pending[position + 1], habits: habits, years: years, today: today)
        } : nil
      try await write(index: index, changes: changes, store: store)
      written += 1
      rows += changes.count
      if written % 250 == 0 || written == pending.count {
        let seconds = milliseconds(clock.now - started) / 1000
        print(
          "seed: \(written)/\(pending.count) accounts, \(rows) rows, \(format(seconds)) s, \(Int(Double(rows) / max(seconds, 0.001))) rows/s"
        )
      }
    }
    try await store.close()
  }

  static func makeChanges(index: Int, habits: Int, years: Int, today: Day) -> [Change] {
    let span = index >= decadeBase ? 10 : years
    return changes(
      for: makeTracker(habits: habits, years: span, today: today, seed: UInt64(index) &+ 1))
  }

  /// One account: its rows in one transaction, then the account and its session, so a session
  /// means the account is complete. A rerun after an interruption repeats the idempotent steps.
  static func write(index: Int, changes: [Change], store: HabitStore) async throws {
    let account = id(index)
    _ = try await store.apply(changes, account: account)
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    do {
      try await store.createAccount(
        AccountRecord(
          id: account, email: "load-\(index)@example.com",
          passwordHash: "$2b$04$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
          createdAt: now))
    } catch StoreError.emailTaken {
      // Written by an interrupted run before its session.
    }
    try await store.createSession(
      SessionRecord(
        tokenHash: tokenHash(token(index)), accountID: account, kind: .session, name: "load",
        createdAt: now, expiresAt: now + 10 * 365 * 86_400_000))
  }

  /// Times loading accounts that are not cached, both ways: the server's trusted load (one read,
  /// the tracker built once) the first time the account is read (its pages mostly not yet in the
  /// operating system's cache) and again, and the former way, merging pages of 5,000 rows into a
  /// fresh replica as if they came from another device. Prints the medians of `samples` accounts
  /// with one year and of those with ten years.
  static func measureLoads(location: String, count: Int, decades: Int, samples: Int) async throws {
    let store = try await HabitStore.open(location)
    var random = SplitMix(state: 99)
    let years = (0..<samples).map { _ in Int.random(in: 0..<count, using: &random) }
    let tens = (0..<min(samples, decades)).map { decadeBase + $0 }
    for (label, indices) in [("1 year", years), ("10 years", tens)] where !indices.isEmpty {
      var first: [Double] = []
      var again: [Double] = []
      var merged: [Double] = []
      var reading: [Double] = []
      var building: [Double] = []
      var fields = 0
      for index in indices {
        let clock = ContinuousClock()
        var started = clock.now
        let trusted = try await store.replica(account: id(index), device: "bench-load")
        first.append(milliseconds(clock.now - started))
        started = clock.now
        let repeated = try await store.replica(account: id(index), device: "bench-load")
        again.append(milliseconds(clock.now - started))
        started = clock.now
        let replica = try await mergedLoad(store: store, account: id(index))
        merged.append(milliseconds(clock.now - started))
        // The trusted load's two halves: the rows read and decoded, then built into a replica.
        started = clock.now
        var rows: [Change] = []
        var cursor: Int64 = 0
        while true {
          let page = try await store.rows(
            after: cursor, limit: HabitStore.loadPageSize, account: id(index))
          rows += page.changes
          cursor = page.cursor
          if !page.hasMore { break }
        }
        reading.append(milliseconds(clock.now - started))
        started = clock.now
        let built = Replica(trusting: rows, device: "bench-load", cursor: cursor)
        building.append(milliseconds(clock.now - started))
        precondition(built.tracker == trusted.tracker)
        guard trusted.tracker == replica.tracker, repeated.records == replica.records else {
          fatalError("the trusted load of account \(index) differs from merging its rows")
        }
        fields += trusted.fieldChanges.count
      }
      print(
        "account load (\(label), \(fields / indices.count) rows each) accounts=\(indices.count): trusted, first read: \(summary(first))"
      )
      print("  trusted, read again: \(summary(again))")
      print("  merged page by page (before): \(summary(merged))")
      print("  trusted, its rows read: \(summary(reading))")
      print("  trusted, built into a replica: \(summary(building))")
    }
    try await store.close()
  }

  /// Loads `accounts` one-year accounts with the trusted load and holds them, as the server's
  /// cache does, and prints the resident memory they add per account.
  static func measureMemory(location: String, count: Int, accounts: Int) async throws {
    let store = try await HabitStore.open(location)
    var random = SplitMix(state: 7)
    var held: [Replica] = []
    held.reserveCapacity(accounts)
    let before = residentKiB()
    for _ in 0..<accounts {
      let index = Int.random(in: 0..<count, using: &random)
      held.append(try await store.replica(account: id(index), device: "bench-memory"))
    }
    let after = residentKiB()
    let fields = held.reduce(0) { $0 + $1.records.values.reduce(0) { $0 + $1.count } }
    print(
      "account memory: \(accounts) one-year accounts (\(fields / max(accounts, 1)) fields each) add \((after - before) / 1024) MiB resident, \((after - before) / max(accounts, 1)) KiB per account"
    )
    try await store.close()
  }

  /// The load as it was before the trusted path: every row merged as if from another device.
  static func mergedLoad(store: HabitStore, account: String) async throws -> Replica {
    var replica = Replica(device: "bench-load")
    var cursor: Int64 = 0
    while true {
      let page = try await store.rows(after: cursor, limit: 5_000, account: account)
      if !page.changes.isEmpty {
        try replica.pull(
          page.changes, cursor: page.cursor, wall: Int64(Date().timeIntervalSince1970 * 1000))
      }
      cursor = page.cursor
      if !page.hasMore { break }
    }
    return replica
  }

  static func summary(_ samples: [Double]) -> String {
    let sorted = samples.sorted()
    return
      "min \(format(sorted[0])) ms  median \(format(sorted[sorted.count / 2])) ms  max \(format(sorted[sorted.count - 1])) ms"
  }

  /// This process's resident memory (Linux), in KiB.
  static func residentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }
}
