import HabitCore
import HabitSync

func day(_ iso: String) -> Day {
  guard let parsed = Day(iso: iso) else { fatalError("bad test date \(iso)") }
  return parsed
}

/// 2026-11-22 12:00 UTC in milliseconds, the wall clock most tests run at.
let noon: Int64 = 1_795_348_800_000

func makeHabit(
  _ id: HabitID = "h1", title: String = "Read", start: String = "2026-11-01",
  configure: (inout Habit) -> Void = { _ in }
) -> Habit {
  var habit = Habit(id: id, title: title, category: "health", startDay: day(start))
  configure(&habit)
  return habit
}

/// A field value in a change list, for assertions.
func value(_ changes: [Change], _ field: String) -> FieldValue? {
  changes.last { $0.field.field == field }?.value
}

/// A small deterministic random source for simulations.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
