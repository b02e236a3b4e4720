import HTTPTypes
import HabitServer
import HummingbirdTesting
import Testing

@Suite struct MetricsTests {
  /// The value of one series in Prometheus' text format (`name{labels} value`), 0 when absent.
  private func value(_ text: String, _ series: String) -> Double {
    for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
      return Double(line.dropFirst(series.count + 1)) ?? -1
    }
    return 0
  }

  @Test func metricsCountRequestsCommitsTheCacheAndSync() async throws {
    let oneAccountCached: (inout ServerConfiguration) -> Void = { $0.cachedAccounts = 1 }
    try await withServer(.live, configure: oneAccountCached) { client in
      let ann = try await client.register("ann@example.com")
      let habit = try await client.createHabit(
        ann, #""title":"Water","category":"health","measure":{"type":"count","step":1,"target":8}"#)
      for _ in 0..<3 {
        let tap = try await client.call(
          .post, "/api/v1/habits/\(habit)/entries/\(today)/count", token: ann, json: #"{"times":1}"#
        )
        #expect(tap.status == .ok, "\(tap.text)")
      }
      // A second account pushes Ann's out of a one-account cache; her next request loads it again.
      let bob = try await client.register("bob@example.com")
      let sync = try await client.call(
        .post, "/api/v1/sync", token: bob,
        json:
          #"{"device":"phone","cursor":0,"changes":[{"id":"p.1","entity":"habit","key":"h1","field":"title","value":"Read","stamp":"001795348800000-00000-phone"},{"id":"p.2","entity":"habit","key":"h1","field":"title","value":"","stamp":"001795348800000-00000-phone"}]}"#
      )
      #expect(sync.json["accepted"].int == 1)
      _ = try await client.call(.get, "/api/v1/habits/\(habit)", token: bob)
      #expect(try await client.call(.get, "/api/v1/habits", token: ann).status == .ok)

      let response = try await client.call(.get, "/metrics")
      #expect(response.status == .ok)
      #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
      let text = response.text
      #expect(
        value(
          text,
          #"habitflow_requests_total{method="POST",route="/api/v1/habits/{id}/entries/{day}/count",status="200"}"#
        ) == 3)
      #expect(
        value(
          text, #"habitflow_requests_total{method="GET",route="/api/v1/habits/{id}",status="404"}"#)
          == 1)
      #expect(
        value(
          text,
          #"habitflow_request_duration_seconds_count{method="POST",route="/api/v1/habits/{id}/entries/{day}/count"}"#
        ) == 3)
      #expect(value(text, "habitflow_group_commits_total") >= 2)
      #expect(value(text, "habitflow_group_commit_changes_sum") >= 4)
      #expect(value(text, "habitflow_account_cache_misses_total") >= 3)
      #expect(value(text, "habitflow_account_cache_hits_total") >= 1)
      #expect(value(text, "habitflow_account_cache_evictions_total") >= 2)
      #expect(value(text, "habitflow_account_load_seconds_count") >= 2)
      #expect(value(text, #"habitflow_sync_changes_total{outcome="accepted"}"#) == 1)
      #expect(value(text, #"habitflow_sync_changes_total{outcome="refused"}"#) == 1)
    }
  }

  @Test func metricsAreServedOnlyToThisMachineUnproxiedWithoutAToken() async throws {
    try await withServer(.live) { client in
      let relayed = try await client.call(
        .get, "/metrics", headers: [HTTPField.Name("X-Forwarded-For")!: "203.0.113.9"])
      #expect(relayed.status == .forbidden && relayed.errorCode == "metrics_local_only")
    }
    // Without a real peer address (the in-process router) nothing counts as this machine.
    try await withServer { client in
      let unknownPeer = try await client.call(.get, "/metrics")
      #expect(unknownPeer.status == .forbidden)
    }
  }

  @Test func aMetricsTokenIsRequiredWhenConfigured() async throws {
    let tokened: (inout ServerConfiguration) -> Void = { $0.metricsToken = "scrape-secret" }
    try await withServer(.live, configure: tokened) { client in
      let missing = try await client.call(.get, "/metrics")
      #expect(missing.status == .unauthorized && missing.errorCode == "metrics_token_required")
      #expect(try await client.call(.get, "/metrics", token: "wrong").status == .unauthorized)
      let allowed = try await client.call(.get, "/metrics", token: "scrape-secret")
      #expect(allowed.status == .ok && allowed.text.contains("habitflow_requests_total"))
    }
  }
}
