import HTTPTypes
import HabitServer
import HabitSync
import HummingbirdTesting
import Testing

@Suite struct SyncAPITests {
  private func change(
    _ id: String, _ key: String, _ field: String, _ value: String, wall: String = "001795348800000"
  ) -> String {
    #"{"id":"\#(id)","entity":"habit","key":"\#(key)","field":"\#(field)","value":\#(value),"stamp":"\#(wall)-00000-phone"}"#
  }

  @Test func pushAndPullArePagedAndIdempotent() async throws {
    let smallPages: (inout ServerConfiguration) -> Void = { $0.syncPageSize = 10 }
    try await withServer(configure: smallPages) { client in
      let token = try await client.register("ann@example.com")
      let changes = (0..<25).map { change("p.\($0)", "h\($0)", "title", "\"Habit \($0)\"") }.joined(
        separator: ",")
      let body = #"{"device":"phone","cursor":0,"changes":[\#(changes)]}"#
      let first = try await client.call(.post, "/api/v1/sync", token: token, json: body)
      #expect(first.json["accepted"].int == 25 && first.json["more"].bool == true)
      #expect(first.json["changes"].array.count == 10)
      var cursor = first.json["cursor"].int!
      var pulled = 10
      while true {
        let page = try await client.call(
          .post, "/api/v1/sync", token: token,
          json: #"{"device":"phone","cursor":\#(cursor),"changes":[]}"#)
        pulled += page.json["changes"].array.count
        cursor = page.json["cursor"].int!
        if page.json["more"].bool == false { break }
      }
      #expect(pulled == 25)
      // Sending the same batch again changes nothing: no new rows after the cursor.
      let again = try await client.call(
        .post, "/api/v1/sync", token: token,
        json: body.replacingOccurrences(of: #""cursor":0"#, with: #""cursor":\#(cursor)"#))
      #expect(again.json["changes"].array.isEmpty && again.json["cursor"].int == cursor)
      let devices = try await client.call(.get, "/api/v1/devices", token: token)
      #expect(devices.json["devices"].array.map { $0["id"].string } == ["phone"])
    }
  }

  @Test func invalidChangesAreRefusedOneByOneWithReasons() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let body =
        #"{"device":"phone","cursor":0,"changes":[\#(change("p.1", "h1", "title", "\"Read\"")),\#(change("p.2", "h1", "title", "\"\"")),\#(change("p.3", "h1", "colour", "\"red\"")),\#(change("p.4", "h1", "order", "1", wall: "009999999999999"))]}"#
      let response = try await client.call(.post, "/api/v1/sync", token: token, json: body)
      #expect(response.status == .ok)
      #expect(response.json["accepted"].int == 1)
      let refused = response.json["refused"].array
      #expect(refused.map { $0["id"].string } == ["p.2", "p.3", "p.4"])
      #expect(refused[0]["message"].string == "Give your habit a name.")
      #expect(refused[1]["message"].string == "\"colour\" is not a field of a habit.")
      #expect(refused[2]["code"].string == "clock_ahead")
    }
  }

  @Test func badInputIsRefusedBySyncAndRestoreWithTheRulesCode() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let place =
        #"{"id":"p.4","entity":"place","key":"home","field":"name","value":"\#(String(repeating: "x", count: 61))","stamp":"001795348800000-00000-phone"}"#
      let counter =
        #"{"id":"p.5","entity":"entry","key":"h1/2026-11-01","field":"add.phone","value":1500,"stamp":"001795348800000-00000-phone"}"#
      let body =
        #"{"device":"phone","cursor":0,"changes":[\#(change("p.1", "h1", "title", #""\u200b""#)),\#(change("p.2", "h1", "start", #""0001-01-01""#)),\#(change("p.3", "h1", "title", #""Run\u0000""#)),\#(place),\#(counter)]}"#
      let response = try await client.call(.post, "/api/v1/sync", token: token, json: body)
      #expect(response.json["accepted"].int == 0)
      #expect(
        response.json["refused"].array.map { $0["code"].string ?? "" } == [
          "empty_title", "start_out_of_range", "control_character", "place_name_too_long",
          "count_not_whole",
        ])
      let restore = try await client.call(
        .post, "/api/v1/backup", token: token,
        json:
          #"{"format":"habitflow-backup","version":1,"fields":[\#(change("x.1", "h1", "start", #""0001-01-01""#))]}"#
      )
      #expect(restore.status == .unprocessableContent && restore.errorCode == "start_out_of_range")
    }
  }

  @Test func aDayTakesAtMostFiveHundredRunsOfTaps() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      func run(_ number: Int, counter: Int = 0) -> String {
        #"{"id":"p.\#(number)","entity":"entry","key":"h1/2026-11-20","field":"add.phone-\#(number)","value":1000,"stamp":"001795348800000-\#(String(100_000 + counter).dropFirst())-phone"}"#
      }
      func sync(_ changes: [String]) async throws -> TestResponse {
        try await client.call(
          .post, "/api/v1/sync", token: token,
          json: #"{"device":"phone","cursor":0,"changes":[\#(changes.joined(separator: ","))]}"#)
      }
      let first = try await sync((1...499).map { run($0, counter: $0) })
      #expect(first.json["accepted"].int == 499)
      // One more new run fits; the 501st and 502nd do not; a run the day holds still changes.
      let second = try await sync([
        run(500, counter: 500), run(501), run(502), run(7, counter: 600),
      ])
      #expect(second.json["accepted"].int == 2)
      #expect(
        second.json["refused"].array.map { $0["id"].string ?? "" } == ["p.501", "p.502"])
      #expect(second.json["refused"].array.allSatisfy { $0["code"].string == "too_many_runs" })
    }
  }

  @Test func aFractionForACountHabitIsRefusedBySyncAsByREST() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let water = try await client.createHabit(
        token,
        #""title":"Water","category":"health","start":"2026-11-01","measure":{"type":"count","step":1,"target":8}"#
      )
      let walk = try await client.createHabit(
        token,
        #""title":"Walk","category":"health","start":"2026-11-01","measure":{"type":"quantity","target":"5000","unit":"m"}"#
      )
      func value(_ id: String, _ habit: String, _ thousandths: Int) -> String {
        #"{"id":"\#(id)","entity":"entry","key":"\#(habit)/2026-11-20","field":"value","value":\#(thousandths),"stamp":"001795348800000-00000-phone"}"#
      }
      let body =
        #"{"device":"phone","cursor":0,"changes":[\#(value("p.1", water, 1_500)),\#(value("p.2", water, 2_000)),\#(value("p.3", walk, 1_500))]}"#
      let response = try await client.call(.post, "/api/v1/sync", token: token, json: body)
      #expect(response.json["accepted"].int == 2)
      #expect(response.json["refused"].array.map { $0["id"].string ?? "" } == ["p.1"])
      #expect(response.json["refused"].array.first?["code"].string == "count_not_whole")
      let rest = try await client.call(
        .put, "/api/v1/habits/\(water)/entries/2026-11-21/amount", token: token,
        json: #"{"amount":"1.5"}"#)
      #expect(rest.errorCode == response.json["refused"].array.first?["code"].string)
    }
  }

  @Test func aBackupDownloadsAndRestoresIntoAnotherAccount() async throws {
    try await withServer { client in
      let ann = try await client.register("ann@example.com")
      let habit = try await client.createHabit(
        ann, #""title":"Read","category":"academic","start":"2026-11-01""#)
      _ = try await client.call(.put, "/api/v1/habits/\(habit)/entries/\(today)/done", token: ann)
      let backup = try await client.call(.get, "/api/v1/backup", token: ann)
      #expect(backup.headers[.contentDisposition]?.contains("attachment") == true)
      let bob = try await client.register("bob@example.com")
      let restored = try await client.call(.post, "/api/v1/backup", token: bob, json: backup.text)
      #expect(restored.json["applied"].int == restored.json["received"].int)
      let detail = try await client.call(.get, "/api/v1/habits/\(habit)", token: bob)
      #expect(detail.json["stats"]["metDays"].int == 1)
      let broken = try await client.call(
        .post, "/api/v1/backup", token: bob,
        json:
          #"{"format":"habitflow-backup","version":1,"fields":[\#(change("x.1", "h1", "title", "\"\""))]}"#
      )
      #expect(broken.status == .unprocessableContent)
    }
  }
}
