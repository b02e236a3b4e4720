import Metrics
import Prometheus

/// What an operator watches on `/metrics`: requests and latency by route, group commits, the
/// account cache and its loads, and sync changes accepted and refused. Each server instance has
/// its own registry (no process-wide bootstrap), so tests and several servers in one process
/// count apart.
final class ServerMetrics: Sendable {
  private let registry: PrometheusCollectorRegistry
  private let factory: PrometheusMetricsFactory

  let groupCommits: Metrics.Counter
  let groupCommitFailures: Metrics.Counter
  /// Requests (batches) and changes per group commit.
  let groupCommitBatches: Metrics.Recorder
  let groupCommitChanges: Metrics.Recorder
  let groupCommitDuration: Metrics.Timer
  let cacheHits: Metrics.Counter
  let cacheMisses: Metrics.Counter
  let cacheEvictions: Metrics.Counter
  let cachedAccounts: Metrics.Gauge
  /// From an account's first query to its replica holding every row, when it was not cached.
  let accountLoad: Metrics.Timer
  let syncAccepted: Metrics.Counter
  let syncRefused: Metrics.Counter

  static let requestsName = "habitflow_requests_total"
  static let requestDurationName = "habitflow_request_duration_seconds"

  init() {
    let registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.defaultDurationHistogramBuckets = [
      .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
      .milliseconds(10), .milliseconds(20), .milliseconds(50), .milliseconds(100),
      .milliseconds(200), .milliseconds(500), .seconds(1), .seconds(5),
    ]
    factory.defaultValueHistogramBuckets = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 5_000]
    self.registry = registry
    self.factory = factory
    groupCommits = Metrics.Counter(label: "habitflow_group_commits_total", factory: factory)
    groupCommitFailures = Metrics.Counter(
      label: "habitflow_group_commit_failures_total", factory: factory)
    groupCommitBatches = Metrics.Recorder(label: "habitflow_group_commit_batches", factory: factory)
    groupCommitChanges = Metrics.Recorder(label: "habitflow_group_commit_changes", factory: factory)
    groupCommitDuration = Metrics.Timer(
      label: "habitflow_group_commit_duration_seconds", factory: factory)
    cacheHits = Metrics.Counter(label: "habitflow_account_cache_hits_total", factory: factory)
    cacheMisses = Metrics.Counter(label: "habitflow_account_cache_misses_total", factory: factory)
    cacheEvictions = Metrics.Counter(
      label: "habitflow_account_cache_evictions_total", factory: factory)
    cachedAccounts = Metrics.Gauge(label: "habitflow_account_cache_accounts", factory: factory)
    accountLoad = Metrics.Timer(label: "habitflow_account_load_seconds", factory: factory)
    syncAccepted = Metrics.Counter(
      label: "habitflow_sync_changes_total", dimensions: [("outcome", "accepted")],
      factory: factory)
    syncRefused = Metrics.Counter(
      label: "habitflow_sync_changes_total", dimensions: [("outcome", "refused")],
      factory: factory)
  }

  /// Counts one answered request and its latency under its route's pattern (never the concrete
  /// path, so the series stay few whatever ids people use).
  func request(method: String, route: String, status: Int, duration: Duration) {
    Metrics.Counter(
      label: Self.requestsName,
      dimensions: [("method", method), ("route", route), ("status", String(status))],
      factory: factory
    ).increment()
    Metrics.Timer(
      label: Self.requestDurationName, dimensions: [("method", method), ("route", route)],
      factory: factory
    ).recordNanoseconds(Self.nanoseconds(duration))
  }

  /// Records one group commit: its batches, their changes and how long it took.
  func groupCommit(batches: Int, changes: Int, duration: Duration) {
    groupCommits.increment()
    groupCommitBatches.record(batches)
    groupCommitChanges.record(changes)
    groupCommitDuration.recordNanoseconds(Self.nanoseconds(duration))
  }

  static func nanoseconds(_ duration: Duration) -> Int64 {
    let parts = duration.components
    return parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
  }

  /// Every metric in Prometheus' text format.
  func text() -> [UInt8] {
    registry.emitToBuffer()
  }
}
