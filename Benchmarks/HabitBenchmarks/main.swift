import Foundation
import HabitCore
import HabitStore
import HabitSync

// Benchmarks for the budgets in DESIGN.md.
// Run: swift run -c release HabitBenchmarks [core] [store] [import] [postgres://…]

/// A small deterministic generator (SplitMix64) so every run measures the same data.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// `count` habits over `years` years (200 × 10 for the core budgets) with every schedule, measure and direction, about 70% of days marked.
func makeTracker(habits count: Int, years: Int, today: Day, seed: UInt64 = 42) -> Tracker {
  var random = SplitMix(state: seed)
  var tracker = Tracker()
  let start = today.advanced(by: -365 * years + 1)
  let schedules: [Schedule] = [
    .everyDay, .weekdays(.workdays), .everyNDays(2), .timesPerWeek(3), .timesPerMonth(10),
  ]
  let measures: [Measure] = [
    .done, .count(step: 1, target: 8), .quantity(target: Amount(30), unit: "minutes"),
  ]
  for index in 0..<count {
    let habit = Habit(
      id: HabitID("habit-\(index)"),
      title: "Habit \(index)",
      category: Category.defaults[index % Category.defaults.count].id,
      schedule: schedules[index % schedules.count],
      measure: measures[(index / 5) % measures.count],
      direction: index % 10 == 9 ? .quit : .build,
      startDay: start,
      order: index
    )
    do {
      try tracker.add(habit)
      var day = start
      while day <= today {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 70 {
          switch habit.measure {
          case .done: try tracker.complete(habit.id, on: day, today: today)
          case .count: try tracker.addCount(habit.id, on: day, today: today, times: 1 + roll % 9)
          case .quantity:
            try tracker.logAmount(habit.id, on: day, today: today, amount: Amount(roll % 45))
          }
        } else if roll < 72 {
          try tracker.skip(habit.id, on: day, today: today)
        }
        day = day.advanced(by: 1)
      }
    } catch {
      fatalError("benchmark data is invalid: \(error.message)")
    }
  }
  return tracker
}

func milliseconds(_ duration: Duration) -> Double {
  let parts = duration.components
  return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
}

/// Runs `body` `runs` times and prints its minimum, median and maximum in milliseconds.
func report(_ label: String, runs: Int = 30, budget: String? = nil, _ body: () -> Int) {
  let clock = ContinuousClock()
  var samples: [Double] = []
  var checksum = 0
  for _ in 0..<runs {
    samples.append(milliseconds(clock.measure { checksum &+= body() }))
  }
  samples.sort()
  let median = samples[samples.count / 2]
  print("\(label) runs=\(samples.count)")
  print(
    "  min \(format(samples[0])) ms  median \(format(median)) ms  max \(format(samples.last!)) ms"
      + (budget.map { "  (budget \($0))" } ?? "") + "  [checksum \(checksum)]")
}

func benchmarkCore() {
  let today = Day(year: 2026, month: 11, day: 22)!
  let tracker = makeTracker(habits: 200, years: 10, today: today)
  let entries = tracker.logs.values.reduce(0) { $0 + $1.count }
  report("core.statistics habits=200 years=10 entries=\(entries)", budget: "5 ms") {
    let stats = tracker.statistics(today: today)
    return stats.perfectDays &+ stats.totalCompletions &+ stats.habits.count
  }
  report("core.statistics.month habits=200 years=10 (period month)", budget: "5 ms") {
    let stats = tracker.statistics(today: today, period: .month)
    return stats.perfectDays &+ stats.totalCompletions &+ stats.weeks.count
  }
  benchmarkDetail(tracker, today: today)
  benchmarkCards(tracker, today: today)
}

/// Every figure of one habit's detail screen for a habit with 10 years of history: its
/// statistics, the daily strength line and its weekly points, monthly history bars, the five
/// best streaks and the frequency by weekday.
func benchmarkDetail(_ tracker: Tracker, today: Day) {
  for id: HabitID in ["habit-0", "habit-8"] {
    let habit = tracker.habit(id)!
    report(
      "core.detail habit=\(id.rawValue) (\(habit.schedule.kind.rawValue), \(habit.measure.kind.rawValue)) years=10"
    ) {
      do throws(HabitError) {
        let stats = try tracker.stats(for: id, today: today)
        let daily = try tracker.dailyScores(for: id, today: today)
        let weekly = try tracker.scores(for: id, by: .week, today: today)
        let monthly = try tracker.history(for: id, by: .month, today: today)
        let best = try tracker.bestStreaks(for: id, today: today)
        let weekdays = try tracker.weekdayFrequency(for: id, today: today)
        return stats.metDays &+ daily.count &+ weekly.count &+ monthly.count &+ best.count
          &+ weekdays.count
      } catch {
        fatalError("benchmark habit missing: \(error.message)")
      }
    }
  }
}

/// The streak line of all 200 cards, as the main screen renders it on every tap: the walk back
/// to the first miss against the full analysis per habit it replaced.
func benchmarkCards(_ tracker: Tracker, today: Day) {
  let clock = ContinuousClock()
  let ids = tracker.sortedHabits.map(\.id)
  var walk: [Double] = []
  var full: [Double] = []
  var checksum = 0
  for _ in 0..<30 {
    walk.append(
      milliseconds(
        clock.measure {
          for id in ids {
            checksum &+= (try? tracker.currentStreak(for: id, today: today))?.length ?? 0
          }
        }))
    full.append(
      milliseconds(
        clock.measure {
          for id in ids {
            checksum &+= (try? tracker.stats(for: id, today: today))?.currentStreak.length ?? 0
          }
        }))
  }
  walk.sort()
  full.sort()
  print("core.cards habits=200 years=10 runs=30")
  print(
    "  streak walk median \(format(walk[15])) ms  full analysis per card median \(format(full[15])) ms  [checksum \(checksum)]"
  )
}

func format(_ value: Double) -> String {
  let hundredths = Int(value * 100 + 0.5)
  let fraction = hundredths % 100
  return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// The changes that express a tracker: every habit field and every entry value, as a first sync
/// of a device with 200 habits × 10 years would upload them.
func changes(for tracker: Tracker) -> [Change] {
  var result: [Change] = []
  var counter = 0
  func stamp() -> Stamp {
    counter += 1
    return Stamp(
      wall: 1_795_348_800_000 + Int64(counter / 1000), counter: counter % 1000, device: "bench")
  }
  for habit in tracker.sortedHabits {
    for (name, value) in RecordFields.encode(habit) {
      result.append(
        Change(
          id: "bench.\(counter)", field: FieldKey(.habit, habit.id.rawValue, name), value: value,
          stamp: stamp()))
    }
    for entry in tracker.log(habit.id).entries {
      let key = RecordFields.entryKey(habit.id, entry.day)
      if entry.isSkipped {
        result.append(
          Change(
            id: "bench.\(counter)", field: FieldKey(.entry, key, "skipped"), value: .bool(true),
            stamp: stamp()))
      } else {
        result.append(
          Change(
            id: "bench.\(counter)", field: FieldKey(.entry, key, "value"),
            value: .int(entry.value.thousandths), stamp: stamp()))
      }
    }
  }
  return result
}

func benchmarkStore(location: String, label: String) async throws {
  let today = Day(year: 2026, month: 11, day: 22)!
  let all = changes(for: makeTracker(habits: 200, years: 10, today: today))
  let store = try await HabitStore.open(location)
  let account = "bench-" + UUID().uuidString.lowercased()
  let clock = ContinuousClock()
  let batchSize = 1000
  let ingest = try await clock.measure {
    var start = 0
    while start < all.count {
      _ = try await store.apply(
        Array(all[start..<min(start + batchSize, all.count)]), account: account)
      start += batchSize
    }
  }
  var rows = 0
  let read = try await clock.measure {
    var cursor: Int64 = 0
    while true {
      let page = try await store.rows(after: cursor, limit: 1000, account: account)
      rows += page.changes.count
      cursor = page.cursor
      if !page.hasMore { break }
    }
  }
  let ingestSeconds = milliseconds(ingest) / 1000
  let readSeconds = milliseconds(read) / 1000
  print("store.\(label) changes=\(all.count) batch=\(batchSize)")
  print(
    "  ingest \(format(ingestSeconds)) s = \(Int(Double(all.count) / ingestSeconds)) changes/s  (budget on SQLite: 50,000/s)"
  )
  print(
    "  paged full read (1000/page) \(format(readSeconds)) s = \(Int(Double(rows) / readSeconds)) rows/s"
  )
  try await store.close()
}

let arguments = Array(CommandLine.arguments.dropFirst())
// The many-accounts load benchmark's data (Benchmarks/load/scale.sh runs these):
//   seed <sqlite path | postgres://…> <accounts> <years> <ten-year accounts>
//   account-load <sqlite path | postgres://…> <accounts> <ten-year accounts>
//   account-memory <sqlite path | postgres://…> <accounts> <accounts to hold>
if let mode = arguments.first, ["seed", "account-load", "account-memory"].contains(mode) {
  let numbers = arguments.dropFirst(2).compactMap { Int($0) }
  guard arguments.count >= 2, numbers.count == arguments.count - 2, numbers.allSatisfy({ $0 >= 0 })
  else {
    print("usage: HabitBenchmarks seed <database> <accounts> <years> <ten-year accounts>")
    print("       HabitBenchmarks account-load <database> <accounts> <ten-year accounts>")
    print("       HabitBenchmarks account-memory <database> <accounts> <accounts to hold>")
    exit(2)
  }
  if mode == "seed" {
    try await SeedAccounts.seed(
      location: arguments[1], count: numbers.first ?? 10_000, habits: 20,
      years: max(1, numbers.dropFirst().first ?? 1), decades: numbers.dropFirst(2).first ?? 20)
  } else if mode == "account-memory" {
    try await SeedAccounts.measureMemory(
      location: arguments[1], count: max(1, numbers.first ?? 10_000),
      accounts: numbers.dropFirst().first ?? 1_000)
  } else {
    try await SeedAccounts.measureLoads(
      location: arguments[1], count: max(1, numbers.first ?? 10_000),
      decades: numbers.dropFirst().first ?? 20, samples: 20)
  }
  exit(0)
}
if arguments.isEmpty || arguments.contains("core") {
  benchmarkCore()
}
if arguments.isEmpty || arguments.contains("import") {
  benchmarkImport()
}
if arguments.isEmpty || arguments.contains("store") {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "habitflow-bench-\(UUID().uuidString).sqlite"
  ).path
  try await benchmarkStore(location: path, label: "sqlite")
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}
for url in arguments where url.hasPrefix("postgres") {
  try await benchmarkStore(location: url, label: "postgres")
}
