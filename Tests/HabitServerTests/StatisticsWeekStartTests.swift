import HabitCore
import HabitResources
import HabitSync
import HummingbirdTesting
import Testing

/// REST statistics count weeks from the account's own first weekday (the one the web app and the
/// CLI use) unless the request names `weekStart`.
@Suite struct StatisticsWeekStartTests {
  @Test func statisticsWeeksStartOnTheAccountsFirstWeekday() async throws {
    try await withServer { client in
      let token = try await client.register("weeks@example.com")
      let read = try await client.createHabit(
        token, #""title":"Read","category":"health","start":"2026-11-01""#)
      for day in ["2026-11-16", "2026-11-20", "2026-11-22"] {
        try await client.call(.put, "/api/v1/habits/\(read)/entries/\(day)/done", token: token)
      }
      var phone = Replica(device: "phone")
      let changes = phone.set(setting: "firstWeekday", to: .int(7), wall: testClock.now())
      let sent = try await client.call(
        .post, "/api/v1/sync", token: token,
        json: WireCodec.encode(
          WireCodec.json(SyncRequest(device: "phone", cursor: 0, changes: changes))))
      #expect(sent.json["accepted"].int == 1, "\(sent.text)")
      let backup = try WireCodec.backup(
        try await client.call(.get, "/api/v1/backup", token: token).json)
      var replica = Replica(device: "test")
      try replica.receive(backup.fields, wall: testClock.now())
      let day = Day(iso: today)!
      let year = day.advanced(by: -364)...day
      let week = try await client.call(.get, "/api/v1/statistics?period=week", token: token)
      #expect(week.json["range"]["from"].string == "2026-11-22")
      #expect(
        week.json
          == ResourceCodec.json(
            replica.tracker.statistics(today: day, period: .week, firstWeekday: .sunday),
            days: year))
      let monday = try await client.call(
        .get, "/api/v1/statistics?period=week&weekStart=monday", token: token)
      #expect(monday.json["range"]["from"].string == "2026-11-16")
      let progress = try await client.call(
        .get, "/api/v1/habits/\(read)/progress?historyBy=week", token: token)
      let expected = try HabitProgress(
        replica.tracker, habit: HabitID(read), today: day, scoreBy: .week, historyBy: .week,
        firstWeekday: .sunday)
      #expect(progress.json == ResourceCodec.json(expected))
    }
  }
}
