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

  /// Times loading accounts the way the server's workspace loads one that is not cached: every
  /// row in pages of 5,000, merged into a fresh replica. Prints the median of `samples` accounts
  /// with one year and of those with ten years.
  static func measureLoads(location: String, count: Int, decades: Int, samples: Int) async throws {
    let store = try await HabitStore.open(location)
    var random = SplitMix(state: 99)
    let years = (0..<samples).map { _ in Int.random(in: 0..<count, using: &random) }
    let tens = (0..<min(samples, decades)).map { decadeBase + $0 }
    for (label, indices) in [("1 year", years), ("10 years", tens)] where !indices.isEmpty {
      var times: [Double] = []
      var fields = 0
      for index in indices {
        let clock = ContinuousClock()
        let started = clock.now
        var replica = Replica(device: "bench-load")
        var cursor: Int64 = 0
        while true {
          let page = try await store.rows(after: cursor, limit: 5_000, account: id(index))
          if !page.changes.isEmpty {
            try replica.pull(page.changes, cursor: page.cursor, wall: 1_795_348_800_000)
          }
          fields += page.changes.count
          cursor = page.cursor
          if !page.hasMore { break }
        }
        times.append(milliseconds(clock.now - started))
      }
      times.sort()
      print(
        "account load (\(label), \(fields / indices.count) rows each) accounts=\(indices.count): min \(format(times[0])) ms  median \(format(times[times.count / 2])) ms  max \(format(times[times.count - 1])) ms"
      )
    }
    try await store.close()
  }
}
