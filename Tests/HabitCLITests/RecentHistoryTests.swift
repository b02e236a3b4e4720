import Foundation
import HabitCore
import Testing

@testable import HabitCLI

/// A small seeded generator, so a failure names a history that can be replayed.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

@Suite struct RecentHistoryTests {
  /// Habits of every schedule and direction with histories of long runs, vacations (skips in
  /// blocks) and misses, some far longer than the window.
  static func tracker(seed: UInt64, today: Day) -> Tracker {
    var random = SeededRandom(state: seed)
    var tracker = Tracker()
    for index in 0..<40 {
      let schedules: [Schedule] = [
        .everyDay, .weekdays([.monday, .thursday]),
        .everyNDays(Int.random(in: 2...40, using: &random)),
        .timesPerWeek(Int.random(in: 1...7, using: &random)),
        .timesPerMonth(Int.random(in: 1...20, using: &random)),
        .timesInDays(
          times: Int.random(in: 1...3, using: &random), days: Int.random(in: 3...12, using: &random)
        ),
      ]
      let direction: Direction = index % 4 == 3 ? .quit : .build
      let measure: Measure = index % 3 == 2 ? .count(step: 1, target: 3) : .done
      let start = today.advanced(by: -Int.random(in: 1...900, using: &random))
      let habit = Habit(
        id: HabitID("h\(index)"), title: "Habit \(index)", category: "health",
        schedule: schedules[index % schedules.count], measure: measure, direction: direction,
        startDay: start)
      tracker.restore(habit)
      var day = start
      while day <= today {
        let runLength = Int.random(in: 1...(index % 5 == 0 ? 400 : 30), using: &random)
        let kind = Int.random(in: 0..<10, using: &random)
        for _ in 0..<runLength where day <= today {
          let threshold = measure.threshold(for: direction)
          var entry = Entry(day: day)
          switch kind {
          case 0...5:
            entry.value = direction == .build ? max(threshold, .one) : .zero
          case 6: entry.isSkipped = true
          case 7: entry.value = direction == .build ? .zero : threshold + .one
          default: break
          }
          tracker.restore(entry, for: habit.id)
          day = day.advanced(by: 1)
        }
      }
    }
    return tracker
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func streaksFromRecentDaysEqualThoseOfTheWholeHistory(seed: UInt64) throws {
    let today = Day(iso: "2026-11-23")!
    let tracker = Self.tracker(seed: seed, today: today)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-snapshot-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try TrackerSnapshot(tracker: tracker, device: "d", pending: 0, firstWeekday: .monday)
      .write(to: path)
    let file = try #require(SnapshotFile(path: path))
    #expect(TrackerSnapshot.read(from: path)?.tracker == tracker)
    for back in [0, 1, 6, 30, 95, 101, 180] {
      let day = today.advanced(by: -back)
      let recent = try #require(RecentHistory(file: file, day: day))
      for habit in tracker.habits.values where habit.startDay <= day {
        let expected = try tracker.currentStreak(for: habit.id, today: day)
        #expect(
          recent.streak(for: habit) == expected,
          "seed \(seed), \(habit.id.rawValue) \(habit.schedule) \(habit.direction) on \(day.iso)")
      }
    }
  }
}
