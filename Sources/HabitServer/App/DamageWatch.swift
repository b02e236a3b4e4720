import HabitStore
import Synchronization

/// Whether the database file is damaged, checked when first asked and then every `interval`
/// (a check reads every page, far too much for every readiness probe); probes in between get
/// the last finding.
final class DamageWatch: Sendable {
  private struct State {
    var finding: String?
    var checkedAt: ContinuousClock.Instant?
    var checking = false
  }

  private let store: HabitStore
  private let interval: Duration
  private let state = Mutex(State())

  init(store: HabitStore, interval: Duration = .seconds(600)) {
    self.store = store
    self.interval = interval
  }

  /// The last finding, after a check of its own when none was made within `interval` (one at a
  /// time; a probe that arrives meanwhile gets the previous finding).
  func damage() async -> String? {
    let now = ContinuousClock.now
    let (due, previous) = state.withLock { state in
      let due =
        !state.checking && (state.checkedAt.map { now - $0 >= interval } ?? true)
      if due { state.checking = true }
      return (due, state.finding)
    }
    guard due else { return previous }
    let finding: String?
    do {
      finding = try await store.damage().map { "the database file is damaged: " + $0 }
    } catch {
      finding = "the database file could not be checked: \(error)"
    }
    state.withLock { state in
      state.finding = finding
      state.checkedAt = .now
      state.checking = false
    }
    return finding
  }
}
