import HTTPTypes
import HabitSync
import HummingbirdTesting
import Testing

/// A REST edit decides and acts on the habit as it stands, so edits of different fields that
/// arrive together all stay: none is undone by another built on an older read.
@Suite struct ConcurrentEditTests {
  @Test func concurrentEditsOfDifferentFieldsOfOneHabitAllStay() async throws {
    try await withServer(.ahc(.http)) { client in
      let token = try await client.register("ann@example.com")
      let habits = try await (0..<12).asyncMap { index in
        try await client.createHabit(token, #""title":"Habit \#(index)","category":"health""#)
      }
      let edits = [
        #"{"title":"Renamed"}"#, #"{"pinned":true}"#, #"{"description":"Every morning"}"#,
        #"{"emoji":"🏃"}"#, #"{"timeOfDay":"evening"}"#,
      ]
      try await withThrowingTaskGroup(of: Void.self) { group in
        for habit in habits {
          for edit in edits {
            group.addTask {
              let reply = try await client.call(
                .patch, "/api/v1/habits/\(habit)", token: token, json: edit)
              #expect(reply.status == .ok, "\(reply.text)")
            }
          }
        }
        try await group.waitForAll()
      }
      for habit in habits {
        let saved = try await client.call(.get, "/api/v1/habits/\(habit)", token: token).json[
          "habit"]
        #expect(saved["title"].string == "Renamed", "\(saved)")
        #expect(saved["pinned"].bool == true, "\(saved)")
        #expect(saved["description"].string == "Every morning", "\(saved)")
        #expect(saved["emoji"].string == "🏃", "\(saved)")
        #expect(saved["timeOfDay"].string == "evening", "\(saved)")
      }
    }
  }
}

extension Sequence {
  fileprivate func asyncMap<Mapped>(_ transform: (Element) async throws -> Mapped) async rethrows
    -> [Mapped]
  {
    var mapped: [Mapped] = []
    for element in self { mapped.append(try await transform(element)) }
    return mapped
  }
}
