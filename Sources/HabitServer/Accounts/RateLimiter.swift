/// Counts events per key in a sliding window, to slow down password guessing: too many in the
/// window and the caller is told how long to wait.
actor RateLimiter {
  private var events: [String: [Int64]] = [:]
  private var checks = 0
  /// The longest window any caller counts in: pruning by a shorter one would forget events a
  /// longer limit (sign-in's) still counts.
  private var longestWindow: Int64 = 0

  /// Seconds to wait if `key` already had `limit` events in the last `window` ms; nil if allowed.
  func retryAfter(_ key: String, limit: Int, window: Int64, now: Int64) -> Int? {
    prune(now: now, window: window)
    let recent = events[key, default: []].filter { $0 > now - window }
    events[key] = recent
    guard recent.count >= limit, let oldest = recent.first else { return nil }
    return Int(max(1, (oldest + window - now + 999) / 1000))
  }

  /// Takes a slot under `key` unless `limit` were taken in the last `window` ms, in which case it
  /// answers the seconds to wait. Taking the slot before the slow check means a burst of parallel
  /// guesses cannot all pass before the first failure is counted.
  func acquire(_ key: String, limit: Int, window: Int64, now: Int64) -> Int? {
    if let wait = retryAfter(key, limit: limit, window: window, now: now) { return wait }
    record(key, now: now)
    return nil
  }

  /// Gives back a slot taken at `time` by an attempt that turned out not to count.
  func release(_ key: String, takenAt time: Int64) {
    guard var times = events[key], let index = times.lastIndex(of: time) else { return }
    times.remove(at: index)
    events[key] = times.isEmpty ? nil : times
  }

  func record(_ key: String, now: Int64) {
    events[key, default: []].append(now)
  }

  func reset(_ key: String) {
    events[key] = nil
  }

  /// Forgets stale keys now and then so memory stays bounded.
  private func prune(now: Int64, window: Int64) {
    longestWindow = max(longestWindow, window)
    checks += 1
    guard checks % 1_000 == 0 else { return }
    let horizon = now - longestWindow
    events = events.filter { $0.value.last.map { $0 > horizon } ?? false }
  }
}
