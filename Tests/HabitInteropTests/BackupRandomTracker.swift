import HabitCore
import HabitSync
import PropertyBased

/// Builds a replica with a random tracker of every kind of habit, schedule, measure, direction,
/// goal, reminder, place, category and day (values, notes, skips, marks) through the replica's
/// own rules, and random settings, so a backup round trip is checked on data people can make.
struct BackupRandomTracker {
  static let today = Day(iso: "2025-03-10")!
  private var random: Xoshiro
  private(set) var replica = Replica(device: "source")
  private var wall: Int64 = 1_741_600_000_000

  static let texts = [
    "", "Plain", "Commas, and more", "Quotes \"inside\"", "Two\nlines", "Ünïcödé 🎉", "  Spaced  ",
    "Tab\there", "Semicolon; colon: equals=",
  ]

  init(seed: Int) {
    random = Xoshiro(seed: (UInt64(truncatingIfNeeded: seed), 0x9E37_79B9_7F4A_7C15, 1, 2))
    build()
  }

  private mutating func perform(_ action: Action) {
    wall += 1
    _ = try? replica.perform(action, wall: wall, today: Self.today)
  }

  private mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &random) < percent
  }

  private mutating func pick<T>(_ items: [T]) -> T {
    items[Int.random(in: 0..<items.count, using: &random)]
  }

  private mutating func build() {
    for index in 0..<Int.random(in: 0...3, using: &random) {
      perform(.addCategory(CategoryID("cat-" + String(index)), "Group " + String(index)))
    }
    if chance(30) { perform(.renameCategory("health", "Body & mind")) }
    if chance(30) { perform(.deleteCategory("finance")) }
    for index in 0..<Int.random(in: 0...2, using: &random) {
      perform(
        .savePlace(
          Place(
            id: PlaceID("place_" + String(index)), name: "Place " + String(index),
            latitudeMicro: Int.random(in: -90_000_000...90_000_000, using: &random),
            longitudeMicro: Int.random(in: -180_000_000...180_000_000, using: &random),
            radiusMeters: Int.random(in: 1...Place.maximumRadius, using: &random))))
    }
    for index in 0..<Int.random(in: 1...5, using: &random) {
      let habit = makeHabit(index)
      perform(.addHabit(habit))
      var day = habit.startDay
      while day <= Self.today {
        if chance(60) { perform(.setEntry(habit.id, makeEntry(day, measure: habit.measure))) }
        day = day.advanced(by: 1)
      }
    }
    let settings: [(String, FieldValue)] = [
      ("theme", .text(pick(["light", "dark", "system"]))),
      ("firstWeekday", .int(Int64(Int.random(in: 1...7, using: &random)))),
      ("compact", .bool(chance(50))), ("cleared", .null),
    ]
    for (name, value) in settings where chance(70) {
      wall += 1
      replica.set(setting: name, to: value, wall: wall)
    }
  }

  private mutating func makeHabit(_ index: Int) -> Habit {
    let schedules: [Schedule] = [
      .everyDay, .weekdays(WeekdaySet(rawValue: UInt8(Int.random(in: 1...127, using: &random)))),
      .everyNDays(Int.random(in: 1...30, using: &random)),
      .timesPerWeek(Int.random(in: 1...7, using: &random)),
      .timesPerMonth(Int.random(in: 1...31, using: &random)),
      .timesInDays(
        times: Int.random(in: 1...2, using: &random), days: Int.random(in: 2...40, using: &random)),
    ]
    let measures: [Measure] = [
      .done,
      .count(
        step: Int.random(in: 1...5, using: &random), target: Int.random(in: 1...20, using: &random)),
      .quantity(
        target: Amount(thousandths: Int64.random(in: 1...100_000, using: &random)),
        unit: pick(["km", "glasses", "min"])),
    ]
    let goals: [Goal] = [
      .forever, .days(Int.random(in: 1...100, using: &random)),
      .weeks(Int.random(in: 1...20, using: &random)),
      .months(Int.random(in: 1...12, using: &random)),
    ]
    var reminders = Reminders.none
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      if let time = ClockTime(
        hour: Int.random(in: 0...23, using: &random), minute: Int.random(in: 0...59, using: &random)
      ),
        !reminders.times.contains(time)
      {
        reminders.times.append(time)
      }
    }
    reminders.weekdays = WeekdaySet(rawValue: UInt8(Int.random(in: 1...127, using: &random)))
    let places = replica.tracker.places.keys.ordered()
    if !places.isEmpty && chance(50) {
      reminders.place = PlaceReminder(place: pick(places), trigger: pick([.arrive, .leave]))
    }
    return Habit(
      id: HabitID("habit-" + String(index)),
      kind: chance(20) ? .irregularEvent : .habit,
      title: Text.trimmed(pick(Self.texts.filter { !$0.contains("\n") && !$0.contains("\t") }))
        + " " + String(index),
      description: Text.trimmed(pick(Self.texts)),
      category: pick(replica.tracker.sortedCategories).id,
      schedule: pick(schedules), measure: pick(measures), direction: chance(25) ? .quit : .build,
      startDay: Self.today.advanced(by: -Int.random(in: 0...60, using: &random)),
      goal: pick(goals), emoji: pick(["", "🧘", "🏃", "📚", "💧"]),
      color: HabitColor(rgb: UInt32.random(in: 0...0xFF_FFFF, using: &random)),
      timeOfDay: pick(TimeOfDay.allCases), isPinned: chance(20), isArchived: chance(15),
      order: Int.random(in: 0...10, using: &random), reminders: reminders)
  }

  private mutating func makeEntry(_ day: Day, measure: Measure) -> Entry {
    var value = Amount.zero
    if chance(70) {
      switch measure {
      case .done: value = .one
      case .count: value = Amount(Int.random(in: 0...20, using: &random))
      case .quantity: value = Amount(thousandths: Int64.random(in: 0...50_000, using: &random))
      }
    }
    let skipped = chance(10)
    let mark: EntryMark = value == .zero && !skipped ? pick(EntryMark.allCases) : .none
    return Entry(
      day: day, value: value, note: chance(30) ? pick(Self.texts) : "", isSkipped: skipped,
      mark: mark)
  }
}
