import HTTPTypes
import HummingbirdTesting
import Testing

/// Bad input gets a clear 4xx with `{ "error": { "code", "message" } }` and changes nothing.
@Suite struct ValidationAPITests {
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
      for (method, uri, body, status, code) in cases {
        let response = try await client.call(
          method, uri, token: token, json: body.isEmpty ? nil : body)
        #expect(
          response.status == status, "\(method) \(uri) \(body): \(response.status) \(response.text)"
        )
        #expect(response.errorCode == code, "\(method) \(uri) \(body): \(response.text)")
        #expect(!(response.json["error"]["message"].string ?? "").isEmpty)
      }
      #expect(try await client.call(.get, "/api/v1/backup", token: token).text == before)
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
