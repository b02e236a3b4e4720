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

/// A habit from a packed configuration number (0..<432), so one generated integer covers every
/// shape: schedule (daily, chosen weekdays, every 3 days, 2 a week, 5 a month, 2 in 3 days),
/// build or quit,
/// done / count / quantity, a habit or an irregular event, and a goal that ends its days or not.
func generatedHabit(_ configuration: Int, id: HabitID = "h1", start: String = "2026-01-01")
  -> Habit
{
  let schedules: [Schedule] = [
    .everyDay, .weekdays([.monday, .wednesday, .saturday]), .everyNDays(3), .timesPerWeek(2),
    .timesPerMonth(5), .timesInDays(times: 2, days: 3),
  ]
  let goals: [Goal] = [.forever, .days(40), .weeks(9)]
  let measures: [Measure] = [
    .done, .count(step: 1, target: 2), .quantity(target: Amount(2), unit: "km"),
  ]
  return makeHabit(id, title: "Habit " + id.rawValue, start: start) {
    $0.schedule = schedules[configuration % 6]
    $0.direction = (configuration / 6) % 2 == 0 ? .build : .quit
    $0.measure = measures[(configuration / 12) % 3]
    $0.kind = (configuration / 36) % 4 == 0 ? .irregularEvent : .habit
    $0.goal = goals[(configuration / 144) % 3]
  }
}

/// Applies generated marks to a habit through the normal actions: each mark's day is `mark / 4`
/// days after the start and its action `mark % 4` (a tap, a skip, one more count, an amount of
/// 1). Actions a habit refuses (a count on a yes/no habit, a day after its goal) are left out.
func applyMarks(_ marks: [Int], to habit: Habit, in tracker: inout Tracker, today: Day) {
  for mark in marks {
    let day = habit.startDay.advanced(by: mark / 4)
    switch mark % 4 {
    case 0: _ = try? tracker.tap(habit.id, on: day, today: today)
    case 1: _ = try? tracker.skip(habit.id, on: day, today: today, skipped: true)
    case 2: _ = try? tracker.addCount(habit.id, on: day, today: today, times: 1)
    default: _ = try? tracker.logAmount(habit.id, on: day, today: today, amount: Amount(1))
    }
  }
}
