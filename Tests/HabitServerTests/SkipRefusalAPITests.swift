import HTTPTypes
import HabitCore
import HabitSync
import Testing

/// The REST skip asks HabitCore's rule, as the web app and the CLI do: a skip keeps no value, so
/// a day holding a check-in is taken back first and never wiped by a skip.
@Suite struct SkipRefusalAPITests {
  @Test func skippingADayThatHoldsACheckInIsRefusedAndKeepsIt() async throws {
    try await withServer(.live) { client in
      let token = try await client.register("skip@example.com")
      let read = try await client.createHabit(
        token, #""title":"Read","category":"health","start":"2026-11-01""#)
      let water = try await client.createHabit(
        token,
        #""title":"Water","category":"health","measure":{"type":"count","step":1,"target":8},"start":"2026-11-01""#
      )
      try await client.call(.put, "/api/v1/habits/\(read)/entries/\(today)/done", token: token)
      try await client.call(
        .post, "/api/v1/habits/\(water)/entries/\(today)/count", token: token, json: "{}")
      for habit in [read, water] {
        let refused = try await client.call(
          .put, "/api/v1/habits/\(habit)/entries/\(today)/skip", token: token)
        #expect(refused.status == .unprocessableContent, "\(refused.text)")
        #expect(refused.errorCode == "day_holds_check_in")
        let entries = try await client.call(
          .get, "/api/v1/habits/\(habit)/entries?from=\(today)&to=\(today)", token: token)
        let entry = entries.json["entries"].array.first ?? .null
        #expect(entry["skipped"].bool == false && entry["value"].string == "1", "\(entries.text)")
      }
      let refused = try await client.call(
        .put, "/api/v1/habits/\(read)/entries/\(today)/skip", token: token)
      #expect(
        refused.json["error"]["message"].string
          == "\"Read\" has a check-in on \(DayFormat.long(Day(iso: today)!)): undo the check-in "
          + "first to skip it.")
      try await client.call(.delete, "/api/v1/habits/\(read)/entries/\(today)/done", token: token)
      let skipped = try await client.call(
        .put, "/api/v1/habits/\(read)/entries/\(today)/skip", token: token)
      #expect(skipped.status == .ok && skipped.json["entry"]["skipped"].bool == true)
    }
  }
}
