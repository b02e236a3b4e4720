import HabitCore

/// Builds days from ISO text in tests, failing loudly on a typo.
func day(_ iso: String) -> Day {
  guard let parsed = Day(iso: iso) else { fatalError("bad test date \(iso)") }
  return parsed
}

/// A valid habit with the given changes, so each test states only what it is about.
func makeHabit(
  _ id: HabitID = "h1",
  title: String = "Read",
  start: String = "2026-01-01",
  configure: (inout Habit) -> Void = { _ in }
) -> Habit {
  var habit = Habit(id: id, title: title, category: "health", startDay: day(start))
  configure(&habit)
  return habit
}

/// A tracker holding the habits, with the given days marked complete.
func tracker(_ habits: [Habit], done: [HabitID: [String]] = [:], today: String = "2026-12-31")
  -> Tracker
{
  var result = Tracker()
  for habit in habits {
    do { try result.add(habit) } catch { fatalError("invalid fixture habit: \(error.message)") }
  }
  for (id, days) in done {
    for iso in days {
      do { try result.complete(id, on: day(iso), today: day(today)) } catch {
        fatalError("invalid fixture day \(iso): \(error.message)")
      }
    }
  }
  return result
}

/// Consecutive ISO days from `start`, `count` of them.
func days(from start: String, count: Int) -> [String] {
  (0..<count).map { day(start).advanced(by: $0).iso }
}
