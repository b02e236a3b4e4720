import HabitCore
import HabitInterop

/// Documents for the apply and preview tests, built in code so each test states what it holds.
enum ApplyFixtures {
  static let today = Day(iso: "2026-11-22")!
  /// 2026-11-22 12:00 UTC in milliseconds.
  static let wall: Int64 = 1_795_348_800_000

  static func day(_ iso: String) -> Day {
    guard let parsed = Day(iso: iso) else { fatalError("bad test date \(iso)") }
    return parsed
  }

  static let fitness = Category(
    id: ImportID.category(.beaver, "fitness"), name: "Fitness", order: 0)

  /// A habit of the fitness category, from the source key `key`.
  static func habit(_ key: String, title: String, order: Int = 0) -> Habit {
    Habit(
      id: ImportID.habit(.beaver, key), title: title, category: fitness.id,
      startDay: day("2026-11-10"), color: HabitColor(rgb: 0x5E35B1), order: order)
  }

  /// Two habits: Run (done, no, auto, skip and a note) and Swim (an amount).
  static func document() -> ImportDocument {
    var swim = habit("swim", title: "Swim", order: 1)
    swim.measure = .quantity(target: Amount(1), unit: "km")
    swim.isArchived = true
    swim.description = "Lake or pool"
    return ImportDocument(
      format: .beaver, categories: [fitness],
      habits: [
        ImportedHabit(
          habit: habit("run", title: "Run"),
          entries: [
            Entry(day: day("2026-11-01"), value: .one),
            Entry(day: day("2026-11-02"), mark: .no),
            Entry(day: day("2026-11-03"), mark: .auto),
            Entry(day: day("2026-11-04"), isSkipped: true),
            Entry(day: day("2026-11-05"), value: .one, note: "Windy"),
          ]),
        ImportedHabit(
          habit: swim,
          entries: [Entry(day: day("2026-11-12"), value: Amount(thousandths: 1_500))]),
      ])
  }
}
