import HTTPTypes
import HabitCore
import HabitResources
import HabitSync
import HummingbirdTesting
import Testing

/// The statistics and progress endpoints answer with exactly what HabitCore computes for the
/// account's data (the app's screens call the same functions), for every period and week start.
@Suite struct ProgressAPITests {
  /// An account with habits of several kinds and five weeks of check-ins; returns its token.
  private func seed(_ client: some TestClientProtocol) async throws -> String {
    let token = try await client.register("ann@example.com")
    let read = try await client.createHabit(
      token, #""id":"read","title":"Read","category":"academic","start":"2026-10-12""#)
    let water = try await client.createHabit(
      token,
      #""id":"water","title":"Water","category":"health","measure":{"type":"count","step":1,"target":3},"start":"2026-10-20""#
    )
    let run = try await client.createHabit(
      token,
      #""id":"run","title":"Run","category":"health","schedule":{"type":"timesPerWeek","times":2},"start":"2026-10-19""#
    )
    let stretch = try await client.createHabit(
      token,
      #""id":"stretch","title":"Stretch","category":"health","schedule":{"type":"timesInDays","times":2,"days":3},"start":"2026-10-22""#
    )
    let smoke = try await client.createHabit(
      token,
      #""id":"smoke","title":"Smoke","category":"quit","direction":"quit","start":"2026-11-01""#)
    let start = Day(iso: "2026-10-12")!
    for offset in 0...41 {
      let day = start.advanced(by: offset).iso
      if offset % 5 != 3 {
        _ = try await client.call(.put, "/api/v1/habits/\(read)/entries/\(day)/done", token: token)
      }
      if offset >= 8 && offset % 3 != 0 {
        _ = try await client.call(
          .post, "/api/v1/habits/\(water)/entries/\(day)/count", token: token,
          json: #"{"times":\#(offset % 4 + 1)}"#)
      }
      if offset >= 10 && offset % 3 != 1 && offset % 11 != 0 {
        _ = try await client.call(
          .put, "/api/v1/habits/\(stretch)/entries/\(day)/done", token: token)
      }
      if offset >= 7 && offset % 7 < 3 && offset % 2 == 0 {
        _ = try await client.call(.put, "/api/v1/habits/\(run)/entries/\(day)/done", token: token)
      }
    }
    _ = try await client.call(.put, "/api/v1/habits/\(read)/entries/2026-11-09/skip", token: token)
    _ = try await client.call(.put, "/api/v1/habits/\(smoke)/entries/2026-11-18/done", token: token)
    return token
  }

  /// The account's data as a client would hold it: its backup merged into a fresh replica.
  private func accountTracker(_ client: some TestClientProtocol, token: String) async throws
    -> Tracker
  {
    let backup = try WireCodec.backup(
      try await client.call(.get, "/api/v1/backup", token: token).json)
    var replica = Replica(device: "test")
    try replica.receive(backup.fields, wall: testClock.now())
    return replica.tracker
  }

  @Test func theStatisticsEndpointAnswersWhatHabitCoreComputes() async throws {
    try await withServer { client in
      let token = try await seed(client)
      let tracker = try await accountTracker(client, token: token)
      #expect(tracker.habits.count == 5)
      #expect(tracker.habit("stretch")?.schedule == .timesInDays(times: 2, days: 3))
      let day = Day(iso: today)!
      let heatmap = Day(iso: "2026-10-01")!...day
      for period in StatisticsPeriod.allCases {
        for (name, weekday) in [("monday", Weekday.monday), ("sunday", .sunday)] {
          let response = try await client.call(
            .get, "/api/v1/statistics?period=\(period.rawValue)&weekStart=\(name)&from=2026-10-01",
            token: token)
          #expect(response.status == .ok)
          let expected = ResourceCodec.json(
            tracker.statistics(today: day, period: period, firstWeekday: weekday), days: heatmap)
          #expect(response.json == expected, "period \(period), weeks from \(name)")
        }
      }
      // Without parameters: all time, weeks from Monday, a year of heatmap.
      let plain = try await client.call(.get, "/api/v1/statistics", token: token)
      #expect(
        plain.json
          == ResourceCodec.json(tracker.statistics(today: day), days: day.advanced(by: -364)...day))
      #expect(plain.json["period"].string == "all" && plain.json["hasCheckIns"].bool == true)
      #expect(plain.json["range"]["from"].string == "2026-10-12")
      #expect(
        plain.json["categories"].array.map { $0["id"].string } == ["academic", "health", "quit"])
      let month = try await client.call(.get, "/api/v1/statistics?period=month", token: token)
      #expect(month.json["range"]["from"].string == "2026-11-01")
    }
  }

  @Test func aHabitsProgressAnswersWhatHabitCoreComputes() async throws {
    try await withServer { client in
      let token = try await seed(client)
      let tracker = try await accountTracker(client, token: token)
      let day = Day(iso: today)!
      for id in ["read", "water", "run", "stretch", "smoke"] {
        for (scoreBy, historyBy, weekStart) in [
          (Bucket.week, Bucket.week, Weekday.monday), (.day, .month, .sunday),
          (.month, .quarter, .monday), (.quarter, .year, .sunday), (.year, .week, .sunday),
        ] {
          let response = try await client.call(
            .get,
            "/api/v1/habits/\(id)/progress?scoreBy=\(scoreBy.rawValue)&historyBy=\(historyBy.rawValue)&weekStart=\(ResourceCodec.weekdayName(weekStart))",
            token: token)
          #expect(response.status == .ok)
          let expected = ResourceCodec.json(
            try HabitProgress(
              tracker, habit: HabitID(id), today: day, scoreBy: scoreBy, historyBy: historyBy,
              firstWeekday: weekStart))
          #expect(response.json == expected, "\(id) by \(scoreBy)/\(historyBy)")
        }
      }
      // Defaults: weekly scores and bars, weeks from Monday.
      let read = try await client.call(.get, "/api/v1/habits/read/progress", token: token).json
      #expect(read["scoreBy"].string == "week" && read["historyBy"].string == "week")
      #expect(read["weekStart"].string == "monday")
      #expect(read["scores"][0]["start"].string == "2026-10-12")
      // Monday 12 October to Sunday 22 November: six weeks.
      #expect(read["scores"].array.count == 6 && read["history"].array.count == 6)
      // Scores are numbers with four decimals; history amounts are decimal strings.
      // The first week (done, done, done, missed, done, done, done) averages Loop's daily scores.
      #expect(read["scores"][0]["score"] == .number("0.1600"))
      #expect(
        read["history"][0]["value"].string == "6" && read["history"][0]["target"].string == "7")
      // Every fifth day missed, the skip on 9 November bridging one gap: eight runs.
      #expect(read["streaks"].array.count == 8 && read["bestStreaks"].array.count == 5)
      #expect(read["bestStreaks"][0]["length"].int == 8 && read["weekdays"].array.count == 7)
    }
  }

  @Test func periodsWeekStartsAndBucketsOutsideTheirValuesAreRefused() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let habit = try await client.createHabit(token)
      let refused = [
        "/api/v1/statistics?period=fortnight", "/api/v1/statistics?period=",
        "/api/v1/statistics?period=ALL",
        "/api/v1/statistics?weekStart=tuesday", "/api/v1/habits/\(habit)/progress?scoreBy=decade",
        "/api/v1/habits/\(habit)/progress?historyBy=day",
        "/api/v1/habits/\(habit)/progress?weekStart=saturday",
      ]
      for uri in refused {
        let response = try await client.call(.get, uri, token: token)
        #expect(response.status == .unprocessableContent, "\(uri): \(response.status)")
        #expect(response.errorCode == "invalid_value")
        #expect(response.json["error"]["message"].string?.contains(" must be ") == true)
      }
      let message = try await client.call(
        .get, "/api/v1/statistics?period=fortnight", token: token
      ).json["error"]["message"].string
      #expect(message == "period must be week, month, year or all.")
      #expect(
        try await client.call(.get, "/api/v1/habits/nope/progress", token: token).status
          == .notFound)
      #expect(
        try await client.call(.get, "/api/v1/habits/\(habit)/progress").status == .unauthorized)
    }
  }

  @Test func anotherAccountsHabitHasNoProgress() async throws {
    try await withServer { client in
      let alice = try await client.register("alice@example.com")
      let bob = try await client.register("bob@example.com")
      let habit = try await client.createHabit(
        alice, #""id":"reading","title":"Read","category":"health","start":"2026-11-01""#)
      _ = try await client.call(.put, "/api/v1/habits/\(habit)/entries/\(today)/done", token: alice)
      let mine = try await client.call(.get, "/api/v1/habits/\(habit)/progress", token: alice)
      #expect(mine.status == .ok && mine.json["streaks"].array.count == 1)
      let theirs = try await client.call(.get, "/api/v1/habits/\(habit)/progress", token: bob)
      #expect(theirs.status == .notFound && theirs.errorCode == "habit_not_found")
      // Bob's statistics know nothing of Alice's habit.
      let stats = try await client.call(.get, "/api/v1/statistics", token: bob).json
      #expect(stats["habits"].array.isEmpty && stats["hasCheckIns"].bool == false)
      #expect(stats["range"] == .null && stats["totalCompletions"].int == 0)
    }
  }
}
