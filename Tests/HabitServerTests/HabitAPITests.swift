import HTTPTypes
import HabitCore
import HabitSync
import HummingbirdTesting
import Testing

@Suite struct HabitAPITests {
  @Test func habitsAreCreatedListedWithFiltersShownEditedAndDeleted() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let read = try await client.createHabit(
        token, #""id":"read","title":"Read","category":"academic","emoji":"📚","start":"2026-11-01""#
      )
      let water = try await client.createHabit(
        token,
        #""title":"Drink water","category":"health","measure":{"type":"count","step":1,"target":8},"timeOfDay":"morning","start":"2026-11-01""#
      )
      let run = try await client.createHabit(
        token,
        #""title":"Run","category":"health","schedule":{"type":"weekdays","days":["monday","wednesday"]},"start":"2026-11-01""#
      )
      #expect(read == "read")
      _ = try await client.call(.put, "/api/v1/habits/read/entries/\(today)/done", token: token)
      let sunday = try await client.call(.get, "/api/v1/habits?day=\(today)", token: token)
      // In the person's order: marking "Read" done does not move it.
      #expect(
        sunday.json["habits"].array.map { $0["habit"]["title"].string } == ["Read", "Drink water"])
      let done = try await client.call(
        .get, "/api/v1/habits?day=\(today)&status=done", token: token)
      #expect(done.json["habits"].array.map { $0["habit"]["id"].string } == ["read"])
      let morning = try await client.call(
        .get, "/api/v1/habits?day=\(today)&timeOfDay=morning", token: token)
      #expect(morning.json["habits"].array.map { $0["habit"]["id"].string } == [water])
      let health = try await client.call(.get, "/api/v1/habits?category=health", token: token)
      #expect(
        Set(health.json["habits"].array.compactMap { $0["habit"]["id"].string }) == [water, run])
      let search = try await client.call(.get, "/api/v1/habits?search=WATER", token: token)
      #expect(search.json["habits"].array.count == 1)

      let detail = try await client.call(.get, "/api/v1/habits/read", token: token)
      #expect(detail.json["stats"]["currentStreak"]["length"].int == 1)
      #expect(detail.json["habit"]["emoji"].string == "📚")

      _ = try await client.call(.put, "/api/v1/habits/read/entries/2026-11-02/done", token: token)
      let moved = try await client.call(
        .patch, "/api/v1/habits/read", token: token, json: #"{"start":"2026-11-05","pinned":true}"#)
      #expect(moved.json["droppedEntries"].int == 1 && moved.json["habit"]["pinned"].bool == true)
      let archived = try await client.call(
        .patch, "/api/v1/habits/\(run)", token: token, json: #"{"archived":true}"#)
      #expect(archived.status == .ok)
      #expect(
        try await client.call(.get, "/api/v1/habits?archived=true", token: token).json["habits"]
          .array.count == 1)
      #expect(
        try await client.call(.delete, "/api/v1/habits/\(water)", token: token).status == .noContent
      )
      #expect(
        try await client.call(.get, "/api/v1/habits/\(water)", token: token).status == .notFound)
    }
  }

  @Test func entriesAreMarkedCountedLoggedSkippedNotedAndUndone() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let water = try await client.createHabit(
        token,
        #""title":"Water","category":"health","measure":{"type":"count","step":2,"target":8},"start":"2026-11-01""#
      )
      let run = try await client.createHabit(
        token,
        #""title":"Run","category":"health","measure":{"type":"quantity","target":"5","unit":"km"},"start":"2026-11-01""#
      )
      let counted = try await client.call(
        .post, "/api/v1/habits/\(water)/entries/\(today)/count", token: token, json: #"{"times":3}"#
      )
      #expect(
        counted.json["entry"]["value"].string == "6" && counted.json["entry"]["done"].bool == false)
      let more = try await client.call(
        .post, "/api/v1/habits/\(water)/entries/\(today)/count", token: token, json: "{}")
      #expect(more.json["entry"]["value"].string == "8" && more.json["entry"]["done"].bool == true)
      let logged = try await client.call(
        .put, "/api/v1/habits/\(run)/entries/\(today)/amount", token: token,
        json: #"{"amount":"5.25"}"#)
      #expect(
        logged.json["entry"]["value"].string == "5.25" && logged.json["entry"]["done"].bool == true)
      // A script may write the amount as a JSON number: its digits are read exactly.
      let number = try await client.call(
        .put, "/api/v1/habits/\(run)/entries/2026-11-20/amount", token: token,
        json: #"{"amount":0.1}"#)
      #expect(number.status == .ok && number.json["entry"]["value"].string == "0.1")
      let tooFine = try await client.call(
        .put, "/api/v1/habits/\(run)/entries/2026-11-20/amount", token: token,
        json: #"{"amount":1.0001}"#)
      #expect(tooFine.errorCode == "invalid_value", "\(tooFine.text)")
      let swimming =
        #"{"title":"Swim","category":"health","measure":{"type":"quantity","target":2.5,"unit":"km"}}"#
      let swim = try await client.call(.post, "/api/v1/habits", token: token, json: swimming)
      #expect(swim.status == .created && swim.json["habit"]["measure"]["target"].string == "2.5")
      let noted = try await client.call(
        .put, "/api/v1/habits/\(run)/entries/\(today)/note", token: token,
        json: #"{"note":"Windy"}"#)
      #expect(noted.json["entry"]["note"].string == "Windy")
      let skipped = try await client.call(
        .put, "/api/v1/habits/\(run)/entries/2026-11-21/skip", token: token)
      #expect(skipped.json["entry"]["skipped"].bool == true)
      _ = try await client.call(
        .delete, "/api/v1/habits/\(run)/entries/2026-11-21/skip", token: token)
      let undone = try await client.call(
        .delete, "/api/v1/habits/\(water)/entries/\(today)/done", token: token)
      #expect(undone.json["entry"]["value"].string == "0")
      let history = try await client.call(
        .get, "/api/v1/habits/\(run)/entries?from=2026-11-01&to=\(today)", token: token)
      #expect(history.json["entries"].array.map { $0["day"].string } == ["2026-11-20", today])
    }
  }

  @Test func categoriesAreAddedRenamedAndDeletedWithTheirHabits() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let created = try await client.call(
        .post, "/api/v1/categories", token: token, json: #"{"id":"garden","name":"Garden"}"#)
      #expect(created.status == .created)
      let taken = try await client.call(
        .post, "/api/v1/categories", token: token, json: #"{"name":"garden"}"#)
      #expect(taken.status == .conflict && taken.errorCode == "category_name_taken")
      _ = try await client.call(
        .patch, "/api/v1/categories/garden", token: token, json: #"{"name":"Gardening"}"#)
      let habit = try await client.createHabit(
        token, #""title":"Water plants","category":"garden","start":"2026-11-01""#)
      _ = try await client.call(.put, "/api/v1/habits/\(habit)/entries/\(today)/done", token: token)
      let impact = try await client.call(.get, "/api/v1/categories/garden/deletion", token: token)
      #expect(impact.json["habits"].int == 1 && impact.json["entries"].int == 1)
      let deleted = try await client.call(.delete, "/api/v1/categories/garden", token: token)
      #expect(deleted.json["removed"]["habits"].int == 1)
      #expect(
        try await client.call(.get, "/api/v1/habits/\(habit)", token: token).status == .notFound)
      let names = try await client.call(.get, "/api/v1/categories", token: token).json["categories"]
        .array.compactMap { $0["name"].string }
      #expect(
        names == ["Academic", "Work", "Self", "Health", "Social", "Finance", "Quit a bad habit"])
    }
  }

  @Test func statisticsCoverAllHabits() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let habit = try await client.createHabit(
        token, #""title":"Read","category":"academic","start":"2026-11-20""#)
      for day in ["2026-11-20", "2026-11-21", today] {
        _ = try await client.call(.put, "/api/v1/habits/\(habit)/entries/\(day)/done", token: token)
      }
      let stats = try await client.call(.get, "/api/v1/statistics?from=2026-11-20", token: token)
      #expect(stats.json["bestStreak"]["length"].int == 3)
      #expect(stats.json["perfectDays"].int == 3 && stats.json["totalCompletions"].int == 3)
      #expect(stats.json["days"].array.count == 3)
    }
  }

  @Test func restAndSyncSeeOneState() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let habit = try await client.createHabit(
        token, #""title":"Read","category":"academic","start":"2026-11-01""#)
      _ = try await client.call(.put, "/api/v1/habits/\(habit)/entries/\(today)/done", token: token)
      // A sync client sees the REST writes as changes...
      let pulled = try await client.call(
        .post, "/api/v1/sync", token: token, json: #"{"device":"phone","cursor":0,"changes":[]}"#)
      let response = try WireCodec.syncResponse(pulled.json)
      var phone = Replica(device: "phone")
      try phone.pull(response.changes, cursor: response.cursor, wall: 1_795_348_800_000)
      #expect(phone.tracker.habit(.init(habit))?.title == "Read")
      #expect(phone.tracker.log(.init(habit)).count == 1)
      // ...and REST sees what the sync client pushes.
      let changes = try phone.perform(
        .updateHabit(
          {
            var h = phone.tracker.habit(.init(habit))!
            h.title = "Read daily"
            return h
          }()), wall: 1_795_348_800_000, today: .init(iso: today)!)
      let request = SyncRequest(device: "phone", cursor: response.cursor, changes: changes)
      let pushed = try await client.call(
        .post, "/api/v1/sync", token: token, json: JSONWriter.write(WireCodec.json(request)))
      #expect(pushed.json["accepted"].int == 1)
      #expect(
        try await client.call(.get, "/api/v1/habits/\(habit)", token: token).json["habit"]["title"]
          .string == "Read daily")
    }
  }

  @Test func theOpenAPIDocumentSpellsKindsAsHabitCoreDoes() async throws {
    try await withServer { client in
      let document = try await client.call(.get, "/api/openapi.json").json
      let schemas = document["components"]["schemas"]
      func spellings(_ schema: String) -> [String] {
        schemas[schema]["oneOf"].array.flatMap { option -> [String] in
          let type = option["properties"]["type"]
          return type["const"].string.map { [$0] } ?? type["enum"].array.compactMap(\.string)
        }
      }
      #expect(spellings("Schedule") == ScheduleKind.allCases.map(\.rawValue))
      #expect(spellings("Measure") == MeasureKind.allCases.map(\.rawValue))
      #expect(spellings("Goal") == GoalKind.allCases.map(\.rawValue))
    }
  }
}
