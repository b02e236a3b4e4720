import Foundation
import HabitCore
import HummingbirdTesting
import Testing

@testable import HabitServer

/// The private calendar feed: made, shown once, revoked; and its RFC 5545 text.
@Suite struct CalendarFeedTests {
  @Test func aFeedIsMadeShownOnceReplacedAndRevoked() async throws {
    try await withServer { client in
      let token = try await client.register("calendar@example.com")
      _ = try await client.createHabit(
        token,
        #""title":"Read","category":"health","reminders":{"times":["21:30"],"weekdays":["monday","tuesday","wednesday","thursday","friday"]}"#
      )
      let none = try await client.call(.get, "/api/v1/calendar", token: token)
      #expect(none.json["exists"].bool == false)
      let made = try await client.call(.post, "/api/v1/calendar", token: token)
      #expect(made.status == .created, "\(made.text)")
      let path = try #require(made.json["path"].string)
      #expect(made.json["webcal"].string?.hasPrefix("webcal://") == true)
      let status = try await client.call(.get, "/api/v1/calendar", token: token)
      #expect(status.json["exists"].bool == true)
      #expect(!status.text.contains(path), "the secret is never shown again")
      let feed = try await client.call(.get, path)
      #expect(feed.status == .ok)
      #expect(feed.headers[.contentType]?.hasPrefix("text/calendar") == true)
      #expect(feed.text.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR\r\n"))
      let replaced = try await client.call(.post, "/api/v1/calendar", token: token)
      #expect(try await client.call(.get, path).status == .notFound, "the old URL is revoked")
      let newPath = try #require(replaced.json["path"].string)
      #expect(try await client.call(.get, newPath).status == .ok)
      let revoked = try await client.call(.delete, "/api/v1/calendar", token: token)
      #expect(revoked.status == .noContent)
      #expect(try await client.call(.get, newPath).status == .notFound)
      #expect(try await client.call(.get, "/calendar/unknown.ics").status == .notFound)
    }
  }

  private func tracker() throws -> Tracker {
    var tracker = Tracker()
    try tracker.savePlace(
      Place(
        id: "gym", name: "Gym, \"Downtown\"", latitudeMicro: 51_507_351,
        longitudeMicro: -127_758, radiusMeters: 150, address: "1 High St; London"))
    try tracker.add(
      Habit(
        id: "read", title: "Read; then sleep, early", category: "health",
        schedule: .everyNDays(2), startDay: Day(iso: "2026-11-01")!, goal: .days(30),
        reminders: Reminders(times: [ClockTime(hour: 21, minute: 30)!], weekdays: .workdays)))
    try tracker.add(
      Habit(
        id: "gym-visit", title: "Gym " + String(repeating: "é", count: 30), category: "health",
        schedule: .weekdays([.monday, .thursday]), startDay: Day(iso: "2026-11-02")!,
        reminders: Reminders(
          times: [], weekdays: .everyDay, place: PlaceReminder(place: "gym", trigger: .arrive))))
    return tracker
  }

  @Test func linesAreFoldedAt75OctetsWithCRLFAndTextIsEscaped() throws {
    let text = CalendarFeed.document(try tracker(), now: 1_795_348_800_000)
    #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    for line in text.components(separatedBy: "\r\n") {
      #expect(line.utf8.count <= 75, "\(line)")
      #expect(!line.contains("\n") && !line.contains("\r"))
    }
    let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
    #expect(unfolded.contains("SUMMARY:Read\\; then sleep\\, early\r\n"))
    #expect(unfolded.contains("DTSTAMP:20261122T120000Z\r\n"))
  }

  @Test func timeRemindersRecurByTheHabitsDaysUntilItsGoal() throws {
    let text = CalendarFeed.document(try tracker(), now: 0).replacingOccurrences(
      of: "\r\n ", with: "")
    #expect(
      text.contains("DTSTART:20261103T213000\r\n"),
      "the first workday of the every-other-day cycle that began on Sunday the 1st")
    #expect(
      text.contains("RRULE:FREQ=DAILY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR;UNTIL=20261130T235959\r\n"))
    #expect(text.contains("TRIGGER;RELATED=START:PT0S\r\n"))
  }

  @Test func placeRemindersAreProximityAlarmsWithAppleStructuredLocation() throws {
    let text = CalendarFeed.document(try tracker(), now: 0).replacingOccurrences(
      of: "\r\n ", with: "")
    #expect(text.contains("PROXIMITY:ARRIVE\r\n"))
    #expect(text.contains("X-APPLE-PROXIMITY:ARRIVE\r\n"))
    #expect(
      text.contains(
        "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=150;X-ADDRESS=\"1 High St; London\";X-TITLE=\"Gym, 'Downtown'\":geo:51.507351,-0.127758\r\n"
      ))
    #expect(text.contains("LOCATION:Gym\\, \"Downtown\"\\n1 High St\\; London\r\n"))
    #expect(text.contains("DTSTART;VALUE=DATE:20261102\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH\r\n"))
  }
}
