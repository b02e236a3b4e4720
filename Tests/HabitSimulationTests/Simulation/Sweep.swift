import Foundation

/// The seeds one `swift test` runs: 1…200 by default, `SIMULATION_SEED=n` for one (a replay),
/// `SIMULATION_SEEDS=n` for 1…n, or k…k+n-1 with `SIMULATION_FIRST=k` (a chunk of the long run,
/// `Benchmarks/simulation/run.sh`). Run once and shared by every test that reads it.
actor Sweep {
  static let shared = Sweep()

  struct Result: Sendable {
    let outcomes: [Simulation.Outcome]
    let seconds: Double
    /// The seeds were chosen by hand: a loss need not show in them.
    let custom: Bool
  }

  private var running: Task<Result, any Error>?

  static var seeds: (seeds: [UInt64], custom: Bool) {
    let environment = ProcessInfo.processInfo.environment
    if let text = environment["SIMULATION_SEED"], let seed = UInt64(text) { return ([seed], true) }
    if let text = environment["SIMULATION_SEEDS"], let count = UInt64(text), count > 0 {
      let first = environment["SIMULATION_FIRST"].flatMap { UInt64($0) }.map { max($0, 1) } ?? 1
      return (Array(first...(first + count - 1)), true)
    }
    return (Array(1...200), false)
  }

  func result() async throws -> Result {
    if let running { return try await running.value }
    let task = Task { try await Self.runAll() }
    running = task
    return try await task.value
  }

  /// Runs the seeds a few at a time (each run waits on SQLite and HTTP much of the time).
  private static func runAll() async throws -> Result {
    let (seeds, custom) = seeds
    let started = ContinuousClock.now
    var outcomes: [Simulation.Outcome] = []
    try await withThrowingTaskGroup(of: Simulation.Outcome.self) { group in
      var next = 0
      let width = 4
      while next < min(width, seeds.count) {
        let seed = seeds[next]
        group.addTask { try await Simulation.run(seed: seed, plan: Plan(seed: seed)) }
        next += 1
      }
      while let outcome = try await group.next() {
        outcomes.append(outcome)
        if next < seeds.count {
          let seed = seeds[next]
          group.addTask { try await Simulation.run(seed: seed, plan: Plan(seed: seed)) }
          next += 1
        }
      }
    }
    let elapsed = ContinuousClock.now - started
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    outcomes.sort { $0.seed < $1.seed }
    for outcome in outcomes {
      if let first = outcome.violations.first {
        print("Simulation: seed \(outcome.seed) found \(first)")
      }
    }
    if custom, let only = outcomes.first, outcomes.count == 1 {
      print("Simulation: seed \(only.seed) ended with \(only.fingerprint)")
    }
    print(
      "Simulation: \(seeds.count) seeds in \(String(format: "%.1f", seconds)) s, "
        + "\(outcomes.filter { !$0.violations.isEmpty }.count) with findings")
    return Result(outcomes: outcomes, seconds: seconds, custom: custom)
  }
}
