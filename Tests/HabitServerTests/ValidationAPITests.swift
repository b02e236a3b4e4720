import HTTPTypes
import HummingbirdTesting
import Testing

/// Bad input gets a clear 4xx with `{ "error": { "code", "message" } }` and changes nothing.
@Suite struct ValidationAPITests {
  /// Sends each request and expects its status and error code, with the account unchanged.
  private func expectRefused(
    _ cases: [(HTTPRequest.Method, String, String, HTTPResponse.Status, String)],
    client: some TestClientProtocol, token: String, before: String
  ) async throws {
    for (method, uri, body, status, code) in cases {
      let response = try await client.call(
        method, uri, token: token, json: body.isEmpty ? nil : body)
      #expect(
        response.status == status, "\(method) \(uri) \(body): \(response.status) \(response.text)")
      #expect(response.errorCode == code, "\(method) \(uri) \(body): \(response.text)")
      #expect(!(response.json["error"]["message"].string ?? "").isEmpty)
    }
    #expect(try await client.call(.get, "/api/v1/backup", token: token).text == before)
  }

  @Test func badBodiesAreRefusedAndNothingChanges() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let habit = try await client.createHabit(token)
      let before = try await client.call(.get, "/api/v1/backup", token: token).text
      let cases: [(HTTPRequest.Method, String, String, HTTPResponse.Status, String)] = [
        (
          .post, "/api/v1/habits", #"{"title":"Run","category":"health""#, .badRequest,
          "malformed_json"
        ),
        (.post, "/api/v1/habits", #"{"title":7,"category":"health"}"#, .badRequest, "wrong_type"),
        (
          .post, "/api/v1/habits", #"{"title":"Run","category":"health","colour":"red"}"#,
          .badRequest, "unknown_field"
        ),
        (
          .post, "/api/v1/habits", #"{"title":"","category":"health"}"#, .unprocessableContent,
          "empty_title"
        ),
        (
          .post, "/api/v1/habits",
          #"{"title":"123456789012345678901234567890123456789","category":"health"}"#,
          .unprocessableContent, "title_too_long"
        ),
        (.post, "/api/v1/habits", #"{"title":"Run"}"#, .unprocessableContent, "missing_category"),
        (
          .post, "/api/v1/habits",
          #"{"title":"Run","category":"health","schedule":{"type":"weekdays","days":[]}}"#,
          .unprocessableContent, "no_weekdays"
        ),
        (
          .post, "/api/v1/habits",
          #"{"title":"Run","category":"health","schedule":{"type":"timesInDays","times":4,"days":3}}"#,
          .unprocessableContent, "times_in_days_out_of_range"
        ),
        (
          .post, "/api/v1/habits",
          #"{"title":"Run","category":"health","schedule":{"type":"timesInDays","times":2}}"#,
          .badRequest, "missing_field"
        ),
        (
          .post, "/api/v1/habits",
          #"{"title":"Run","category":"health","goal":{"type":"days","count":0}}"#,
          .unprocessableContent, "goal_not_positive"
        ),
        (
          .post, "/api/v1/habits",
          #"{"title":"Run","category":"health","measure":{"type":"quantity","target":"0","unit":"km"}}"#,
          .unprocessableContent, "quantity_target_not_positive"
        ),
        (
          .post, "/api/v1/habits",
          #"{"title":"Run","category":"health","schedule":{"type":"timesPerWeek","times":99999999999999999999}}"#,
          .unprocessableContent, "invalid_value"
        ),
        (
          .post, "/api/v1/habits", #"{"title":"Run","category":"health","start":"2026-02-30"}"#,
          .unprocessableContent, "invalid_value"
        ),
        (.patch, "/api/v1/habits/\(habit)", #"{"pinned":"yes"}"#, .badRequest, "wrong_type"),
        (
          .put, "/api/v1/habits/\(habit)/entries/2099-01-01/done", "", .unprocessableContent,
          "future_day"
        ),
        (
          .put, "/api/v1/habits/\(habit)/entries/not-a-day/done", "", .unprocessableContent,
          "invalid_value"
        ),
        (
          .post, "/api/v1/habits/\(habit)/entries/\(today)/count", #"{"times":1}"#,
          .unprocessableContent, "wrong_measure"
        ),
        (
          .put, "/api/v1/habits/\(habit)/entries/\(today)/amount", #"{"amount":"lots"}"#,
          .unprocessableContent, "invalid_value"
        ),
        (
          .post, "/api/v1/sync", #"{"device":"a","cursor":-5,"changes":[]}"#, .unprocessableContent,
          "invalid_value"
        ),
        (.post, "/api/v1/sync", #"{"device":"a","changes":[]}"#, .badRequest, "missing_field"),
        (.get, "/api/v1/habits?day=tomorrow", "", .unprocessableContent, "invalid_value"),
      ]
      try await expectRefused(cases, client: client, token: token, before: before)
    }
  }

  @Test func badInputAcceptedBeforeIsRefusedWithItsOwnCode() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let count = try await client.createHabit(
        token,
        #""title":"Push-ups","category":"health","measure":{"type":"count","step":1,"target":10}"#)
      let habit = try await client.createHabit(token)
      let before = try await client.call(.get, "/api/v1/backup", token: token).text
      let create = { (members: String) in
        (HTTPRequest.Method.post, "/api/v1/habits", "{\(members)}")
      }
      let cases: [((HTTPRequest.Method, String, String), String)] = [
        (create(#""title":"\u200b","category":"health""#), "empty_title"),
        (create(#""title":"\u0000","category":"health""#), "empty_title"),
        (create(#""title":"Run\u0000","category":"health""#), "control_character"),
        (create(#""title":"Run","category":"health","start":"0001-01-01""#), "start_out_of_range"),
        (create(#""title":"Run","category":"health","start":"2099-01-01""#), "start_out_of_range"),
        (
          create(#""title":"Run","category":"health","measure":{"type":"count","target":0}"#),
          "count_target_out_of_range"
        ),
        (
          create(
            #""title":"Run","category":"health","measure":{"type":"quantity","target":"1","unit":"\#(String(repeating: "u", count: 21))"}"#
          ), "unit_too_long"
        ),
        (
          create(
            #""title":"Run","category":"health","description":"\#(String(repeating: "d", count: 501))""#
          ), "description_too_long"
        ),
        (create(#""title":"Run","category":"health","emoji":"🏃🏃""#), "emoji_not_single"),
        (
          create(
            #""title":"Run","category":"health","reminders":{"times":[\#((0..<11).map { #""08:0\#($0 % 10)""# }.joined(separator: ","))]}"#
          ), "too_many_reminder_times"
        ),
        (
          (.put, "/api/v1/habits/\(count)/entries/\(today)/amount", #"{"amount":"1,5"}"#),
          "count_not_whole"
        ),
        ((.put, "/api/v1/habits/\(habit)/entries/1999-12-31/done", ""), "day_too_early"),
        (
          (.put, "/api/v1/habits/\(habit)/entries/\(today)/note", #"{"note":"bell\u0007"}"#),
          "control_character"
        ),
        (
          (
            .put, "/api/v1/habits/\(habit)/entries/\(today)/note",
            #"{"note":"\#(String(repeating: "n", count: 501))"}"#
          ), "note_too_long"
        ),
        ((.post, "/api/v1/categories", #"{"name":"\u200b"}"#), "category_name_empty"),
        (
          (.post, "/api/v1/categories", #"{"name":"\#(String(repeating: "c", count: 31))"}"#),
          "category_name_too_long"
        ),
        ((.patch, "/api/v1/habits/\(habit)", #"{"title":"\u2060"}"#), "empty_title"),
      ]
      try await expectRefused(
        cases.map { ($0.0.0, $0.0.1, $0.0.2, .unprocessableContent, $0.1) }, client: client,
        token: token, before: before)
    }
  }

  @Test func aCountTargetOfZeroIsRefusedBySyncWithTheSameCodeAsREST() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let rest = try await client.call(
        .post, "/api/v1/habits", token: token,
        json: #"{"title":"Run","category":"health","measure":{"type":"count","step":1,"target":0}}"#
      )
      #expect(rest.status == .unprocessableContent)
      let change =
        #"{"id":"p.1","entity":"habit","key":"h1","field":"measure","value":"count:1:0","stamp":"001795348800000-00000-phone"}"#
      let sync = try await client.call(
        .post, "/api/v1/sync", token: token,
        json: #"{"device":"phone","cursor":0,"changes":[\#(change)]}"#)
      let refusal = sync.json["refused"][0]
      #expect(refusal["code"].string == rest.errorCode)
      #expect(refusal["code"].string == "count_target_out_of_range")
      #expect(refusal["message"].string == rest.json["error"]["message"].string)
    }
  }

  @Test func oversizedBodiesAndOtherContentTypesAreRefused() async throws {
    try await withServer { client in
      let token = try await client.register("ann@example.com")
      let huge =
        #"{"title":"Run","category":"health","description":""#
        + String(repeating: "x", count: 70_000) + #""}"#
      let large = try await client.call(.post, "/api/v1/habits", token: token, json: huge)
      #expect(large.status == .contentTooLarge && large.errorCode == "too_large")
      let form = try await client.call(
        .post, "/api/v1/habits", token: token, json: "title=Run",
        headers: [.contentType: "application/x-www-form-urlencoded"])
      #expect(form.status == .unsupportedMediaType)
      #expect(
        try await client.call(.get, "/api/v1/habits", token: token).json["habits"].array.isEmpty)
    }
  }
}
