import Foundation
import HabitCore

/// An account's reminders as an RFC 5545 calendar that phones and desktops subscribe to: one
/// recurring event per reminder time (floating local time, by weekday) with an alarm at its start,
/// and place reminders as RFC 9074 proximity alarms with Apple's structured location.
enum CalendarFeed {
  static func document(_ tracker: Tracker, now: Int64) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//HabitFlow//Reminders//EN",
      "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:HabitFlow reminders",
      "REFRESH-INTERVAL;VALUE=DURATION:PT1H", "X-PUBLISHED-TTL:PT1H",
    ]
    let stamp = "DTSTAMP:" + ICalendarText.utc(now)
    for habit in tracker.sortedHabits where !habit.isArchived {
      guard let rule = recurrence(habit), let first = firstDay(habit) else { continue }
      let title = habit.emoji.isEmpty ? habit.title : habit.emoji + " " + habit.title
      for time in habit.reminders.times.sorted() {
        lines += [
          "BEGIN:VEVENT",
          "UID:\(habit.id.rawValue)-\(time.text.replacingColon)@habitflow",
          stamp,
          "DTSTART:" + ICalendarText.local(first, time),
          "DURATION:PT5M",
          "RRULE:" + rule,
          "SUMMARY:" + ICalendarText.escaped(title),
          "TRANSP:TRANSPARENT",
          "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + ICalendarText.escaped(title),
          "TRIGGER;RELATED=START:PT0S", "END:VALARM",
          "END:VEVENT",
        ]
      }
      if let reminder = habit.reminders.place, let place = tracker.places[reminder.place] {
        lines += placeEvent(
          habit, title: title, place: place, trigger: reminder.trigger, first: first, rule: rule,
          stamp: stamp)
      }
    }
    lines.append("END:VCALENDAR")
    return lines.map(ICalendarText.folded).joined()
  }

  /// An all-day event on the habit's days whose alarm fires on arriving at or leaving the place.
  private static func placeEvent(
    _ habit: Habit, title: String, place: Place, trigger: PlaceReminder.Trigger, first: Day,
    rule: String, stamp: String
  ) -> [String] {
    let proximity = trigger == .arrive ? "ARRIVE" : "DEPART"
    let latitude = Place.degrees(place.latitudeMicro)
    let longitude = Place.degrees(place.longitudeMicro)
    let location = place.address.isEmpty ? place.name : place.name + "\n" + place.address
    var structured =
      "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=\(place.radiusMeters)"
    if !place.address.isEmpty {
      structured += ";X-ADDRESS=" + ICalendarText.parameter(place.address)
    }
    structured +=
      ";X-TITLE=" + ICalendarText.parameter(place.name) + ":geo:\(latitude),\(longitude)"
    let what = trigger == .arrive ? "Arriving at " : "Leaving "
    return [
      "BEGIN:VEVENT",
      "UID:\(habit.id.rawValue)-place@habitflow",
      stamp,
      "DTSTART;VALUE=DATE:" + ICalendarText.date(first),
      "RRULE:" + rule,
      "SUMMARY:" + ICalendarText.escaped(title),
      "LOCATION:" + ICalendarText.escaped(location),
      "GEO:\(latitude);\(longitude)",
      structured,
      "TRANSP:TRANSPARENT",
      "BEGIN:VALARM",
      "UID:\(habit.id.rawValue)-place-alarm@habitflow",
      "ACTION:DISPLAY",
      "DESCRIPTION:" + ICalendarText.escaped(what + place.name + ": " + title),
      "TRIGGER;VALUE=DATE-TIME:19760401T005545Z",
      "PROXIMITY:" + proximity,
      "X-APPLE-PROXIMITY:" + proximity,
      structured,
      "END:VALARM",
      "END:VEVENT",
    ]
  }

  /// The RRULE of the habit's reminder days: its schedule's days that are reminder weekdays, until
  /// the goal's end; nil when no day can have a reminder.
  static func recurrence(_ habit: Habit) -> String? {
    var weekdays = habit.reminders.weekdays
    var rule = "FREQ=WEEKLY"
    switch habit.effectiveSchedule {
    case .weekdays(let set):
      weekdays = weekdays.intersection(set)
    case .everyNDays(let interval):
      guard interval > 0 else { return nil }
      rule = "FREQ=DAILY;INTERVAL=\(interval)"
    case .everyDay, .timesPerWeek, .timesPerMonth, .timesInDays:
      break
    }
    guard !weekdays.isEmpty else { return nil }
    if rule.hasPrefix("FREQ=WEEKLY") || weekdays != .everyDay {
      rule +=
        ";BYDAY="
        + weekdays.weekdays.compactMap { ICalendarText.weekdayCodes[$0] }.joined(
          separator: ",")
    }
    if let end = habit.endDay {
      rule += ";UNTIL=" + ICalendarText.date(end.advanced(by: -1)) + "T235959"
    }
    return rule
  }

  /// The first day that can have a reminder (an event's DTSTART must be its first occurrence).
  static func firstDay(_ habit: Habit) -> Day? {
    var any = habit
    any.isArchived = false
    if any.reminders.times.isEmpty, let time = ClockTime(hour: 0, minute: 0) {
      any.reminders.times = [time]
    }
    return any.nextReminder(after: habit.startDay.advanced(by: -1), minute: 24 * 60, entry: nil)?
      .day
  }
}

extension String {
  fileprivate var replacingColon: String { replacingOccurrences(of: ":", with: "") }
}
