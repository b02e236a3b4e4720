/// Counts events per key in a sliding window, to slow down password guessing: too many in the
/// window and the caller is told how long to wait.
actor RateLimiter {
  private var events: [String: [Int64]] = [:]
  private var checks = 0

  /// Seconds to wait if `key` already had `limit` events in the last `window` ms; nil if allowed.
  func retryAfter(_ key: String, limit: Int, window: Int64, now: Int64) -> Int? {
    prune(now: now, window: window)
    let recent = events[key, default: []].filter { $0 > now - window }
    events[key] = recent
    guard recent.count >= limit, let oldest = recent.first else { return nil }
    return Int(max(1, (oldest + window - now + 999) / 1000))
  }

  func record(_ key: String, now: Int64) {
    events[key, default: []].append(now)
  }

  func reset(_ key: String) {
    events[key] = nil
  }

  /// Forgets stale keys now and then so memory stays bounded.
  private func prune(now: Int64, window: Int64) {
    checks += 1
    guard checks % 1_000 == 0 else { return }
    events = events.filter { $0.value.last.map { $0 > now - window } ?? false }
  }
}
