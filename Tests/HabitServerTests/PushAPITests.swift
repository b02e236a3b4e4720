import Foundation
import HabitServer
import HummingbirdTesting
import Testing

/// The push API at its boundary: the key, devices, and what a subscription may name.
@Suite struct PushAPITests {
  @Test func theKeyIsMadeOnceAndKept() async throws {
    try await withServer { client in
      let token = try await client.register("key@example.com")
      let first = try await client.call(.get, "/api/v1/push/key", token: token)
      #expect(first.status == .ok)
      let key = try #require(first.json["publicKey"].string)
      #expect(key.count == 87, "65 bytes in base64url")
      let again = try await client.call(.get, "/api/v1/push/key", token: token)
      #expect(again.json["publicKey"].string == key)
      let anonymous = try await client.call(.get, "/api/v1/push/key")
      #expect(anonymous.status == .unauthorized)
    }
  }

  @Test func devicesAreListedAndRemovedPerAccount() async throws {
    try await withServer { client in
      let token = try await client.register("devices@example.com")
      let other = try await client.register("other-devices@example.com")
      let browser = TestBrowser()
      let made = try await client.call(
        .post, "/api/v1/push/subscriptions", token: token,
        json: browser.subscription(
          endpoint: "https://push.example.net/send/abc", zone: "America/New_York", name: "Pixel"))
      #expect(made.status == .created, "\(made.text)")
      let id = try #require(made.json["subscription"]["id"].string)
      let list = try await client.call(.get, "/api/v1/push/subscriptions", token: token)
      #expect(list.json["subscriptions"][0]["name"].string == "Pixel")
      #expect(list.json["subscriptions"][0]["timeZone"].string == "America/New_York")
      let theirs = try await client.call(.get, "/api/v1/push/subscriptions", token: other)
      #expect(theirs.json["subscriptions"].array.isEmpty)
      let stolen = try await client.call(
        .delete, "/api/v1/push/subscriptions/\(id)", token: other)
      #expect(stolen.status == .notFound)
      let removed = try await client.call(.delete, "/api/v1/push/subscriptions/\(id)", token: token)
      #expect(removed.status == .noContent)
      let after = try await client.call(.get, "/api/v1/push/subscriptions", token: token)
      #expect(after.json["subscriptions"].array.isEmpty)
    }
  }

  @Test func badSubscriptionsAreRefusedWithAReason() async throws {
    try await withServer { client in
      let token = try await client.register("bad-subscriptions@example.com")
      let browser = TestBrowser()
      let refused: [(String, String)] = [
        (
          browser.subscription(endpoint: "http://push.example.net/x", zone: "UTC"),
          "invalid_endpoint"
        ),
        (browser.subscription(endpoint: "http://127.0.0.1:9/x", zone: "UTC"), "invalid_endpoint"),
        (
          browser.subscription(endpoint: "https://push.example.net/x", zone: "Mars/Olympus"),
          "invalid_value"
        ),
        (
          browser.subscription(endpoint: "https://push.example.net/x", zone: "UTC", name: " "),
          "invalid_value"
        ),
        (
          browser.subscription(
            endpoint: "https://push.example.net/" + String(repeating: "a", count: 1100), zone: "UTC"
          ),
          "invalid_endpoint"
        ),
        (
          #"{"endpoint":"https://push.example.net/x","keys":{"p256dh":"AAAA","auth":"AAAA"},"name":"A","timeZone":"UTC"}"#,
          "invalid_value"
        ),
      ]
      for (body, code) in refused {
        let response = try await client.call(
          .post, "/api/v1/push/subscriptions", token: token, json: body)
        #expect(response.status == .unprocessableContent, "\(body): \(response.text)")
        #expect(response.errorCode == code, "\(body): \(response.text)")
      }
      let missing = try await client.call(
        .post, "/api/v1/push/subscriptions", token: token, json: #"{"endpoint":"https://a.b/"}"#)
      #expect(missing.status == .badRequest)
      let list = try await client.call(.get, "/api/v1/push/subscriptions", token: token)
      #expect(list.json["subscriptions"].array.isEmpty)
    }
  }

  @Test func anUnknownActionURLAnswers404AndABadActionIsRefused() async throws {
    try await withServer { client in
      let unknown = try await client.call(
        .post, "/api/v1/push/actions/nothing-here", json: #"{"action":"done"}"#)
      #expect(unknown.status == .notFound)
      let bad = try await client.call(
        .post, "/api/v1/push/actions/nothing-here", json: #"{"action":"snooze"}"#)
      #expect(bad.status == .unprocessableContent)
    }
  }
}
