import HTTPTypes
import HummingbirdTesting
import Testing

/// User B tries every endpoint on user A's ids: every one answers 404 and A's data stays as it was.
@Suite struct IsolationTests {
  @Test func anotherAccountCannotReachOrChangeAnything() async throws {
    try await withServer { client in
      let alice = try await client.register("alice@example.com")
      let bob = try await client.register("bob@example.com")
      let habit = try await client.createHabit(
        alice,
        #""title":"Alice reads","category":"health","measure":{"type":"count","step":1,"target":3}"#
      )
      _ = try await client.call(.put, "/api/v1/habits/\(habit)/entries/\(today)/done", token: alice)
      let category = try #require(
        try await client.call(
          .post, "/api/v1/categories", token: alice, json: #"{"name":"Garden"}"#
        ).json["category"]["id"].string)
      let aliceToken = try #require(
        try await client.call(.post, "/api/v1/tokens", token: alice, json: #"{"name":"a"}"#).json[
          "id"
        ].string)
      let before = try await client.call(.get, "/api/v1/backup", token: alice).text

      let attempts: [(HTTPRequest.Method, String, String?)] = [
        (.get, "/api/v1/habits/\(habit)", nil),
        (.patch, "/api/v1/habits/\(habit)", #"{"title":"Bob was here"}"#),
        (.delete, "/api/v1/habits/\(habit)", nil),
        (.get, "/api/v1/habits/\(habit)/entries", nil),
        (.get, "/api/v1/habits/\(habit)/progress", nil),
        (.put, "/api/v1/habits/\(habit)/entries/\(today)/done", nil),
        (.delete, "/api/v1/habits/\(habit)/entries/\(today)/done", nil),
        (.post, "/api/v1/habits/\(habit)/entries/\(today)/count", #"{"times":2}"#),
        (.put, "/api/v1/habits/\(habit)/entries/\(today)/amount", #"{"amount":"2"}"#),
        (.put, "/api/v1/habits/\(habit)/entries/\(today)/skip", nil),
        (.delete, "/api/v1/habits/\(habit)/entries/\(today)/skip", nil),
        (.put, "/api/v1/habits/\(habit)/entries/\(today)/note", #"{"note":"hi"}"#),
        (.patch, "/api/v1/categories/\(category)", #"{"name":"Bob's"}"#),
        (.get, "/api/v1/categories/\(category)/deletion", nil),
        (.delete, "/api/v1/categories/\(category)", nil),
        (.delete, "/api/v1/tokens/\(aliceToken)", nil),
      ]
      for (method, uri, body) in attempts {
        let response = try await client.call(method, uri, token: bob, json: body)
        #expect(
          response.status == .notFound,
          "\(method) \(uri) answered \(response.status): \(response.text)")
      }
      // Bob's own lists show none of Alice's things.
      #expect(
        try await client.call(.get, "/api/v1/habits", token: bob).json["habits"].array.isEmpty)
      #expect(
        try await client.call(.get, "/api/v1/backup", token: bob).json["fields"].array.isEmpty)
      let bobCategories = try await client.call(.get, "/api/v1/categories", token: bob).json[
        "categories"
      ].array
      #expect(!bobCategories.contains { $0["id"].string == category })
      #expect(
        try await client.call(.get, "/api/v1/tokens", token: bob).json["tokens"].array.isEmpty)
      let bobSync = try await client.call(
        .post, "/api/v1/sync", token: bob, json: #"{"device":"bob-phone","cursor":0,"changes":[]}"#)
      #expect(bobSync.json["changes"].array.isEmpty)
      // A change Bob pushes with Alice's habit id lands in Bob's account, not Alice's.
      let push =
        #"{"device":"bob-phone","cursor":0,"changes":[{"id":"b.1","entity":"habit","key":"\#(habit)","field":"title","value":"Hijacked","stamp":"009999999999999-00000-bob"}]}"#
      _ = try await client.call(.post, "/api/v1/sync", token: bob, json: push)
      // Alice's data is exactly as before.
      #expect(try await client.call(.get, "/api/v1/backup", token: alice).text == before)
      #expect(
        try await client.call(.get, "/api/v1/habits/\(habit)", token: alice).json["habit"]["title"]
          .string == "Alice reads")
    }
  }
}
