import HabitCore
import HabitInterop
import HabitSync
import PropertyBased
import Testing

/// Applying a document writes it through the replica: all or nothing, merged or replacing, and
/// nothing new the second time.
@Suite struct ApplyTests {
  private let today = ApplyFixtures.today
  private let wall = ApplyFixtures.wall

  private func day(_ iso: String) -> Day { ApplyFixtures.day(iso) }

  @Test func aDocumentArrivesWithEveryDayAndField() throws {
    var replica = Replica(device: "web")
    let summary = try replica.apply(
      ApplyFixtures.document(), mode: .merge, wall: wall, today: today)
    #expect(summary.habitsAdded == 2 && summary.categoriesAdded == 1 && summary.daysWritten == 6)
    let tracker = replica.tracker
    let run = try #require(tracker.habit(ImportID.habit(.beaver, "run")))
    // The start moves back to the first recorded day.
    #expect(run.startDay == day("2026-11-01"))
    #expect(run.color == HabitColor(rgb: 0x5E35B1))
    #expect(tracker.category(run.category)?.name == "Fitness")
    let log = tracker.log(run.id)
    #expect(log[day("2026-11-02")]?.mark == .no && log[day("2026-11-03")]?.mark == .auto)
    #expect(log[day("2026-11-04")]?.isSkipped == true)
    #expect(log[day("2026-11-05")]?.note == "Windy")
    let swim = try #require(tracker.habit(ImportID.habit(.beaver, "swim")))
    #expect(swim.isArchived && swim.description == "Lake or pool" && swim.order > run.order)
    #expect(tracker.log(swim.id)[day("2026-11-12")]?.value == Amount(thousandths: 1_500))
    // Another device receives exactly the same data.
    var laptop = Replica(device: "laptop")
    try laptop.receive(replica.fieldChanges, wall: wall)
    #expect(laptop.tracker == tracker)
  }

  @Test(arguments: ImportMode.allCases)
  func importingTheSameDocumentTwiceAddsNothing(mode: ImportMode) throws {
    var replica = Replica(device: "web")
    try replica.apply(ApplyFixtures.document(), mode: mode, wall: wall, today: today)
    let outbox = replica.outbox
    let tracker = replica.tracker
    let again = try replica.apply(ApplyFixtures.document(), mode: mode, wall: wall, today: today)
    #expect(again.isEmpty && again == ImportSummary())
    #expect(replica.outbox == outbox && replica.tracker == tracker)
  }

  @Test func aHabitDeletedSinceTheLastImportComesBackUnderTheNextID() throws {
    var replica = Replica(device: "web")
    try replica.apply(ApplyFixtures.document(), mode: .merge, wall: wall, today: today)
    let run = ImportID.habit(.beaver, "run")
    try replica.perform(.deleteHabit(run), wall: wall, today: today)
    try replica.perform(.deleteCategory(ApplyFixtures.fitness.id), wall: wall, today: today)
    #expect(replica.tracker.habits.isEmpty)
    let summary = try replica.apply(
      ApplyFixtures.document(), mode: .merge, wall: wall, today: today)
    #expect(summary.habitsAdded == 2 && summary.categoriesAdded == 1)
    let revived = HabitID(run.rawValue + "-2")
    #expect(replica.tracker.habit(revived)?.title == "Run")
    #expect(replica.tracker.log(revived).count == 5)
    #expect(
      replica.tracker.category(CategoryID(ApplyFixtures.fitness.id.rawValue + "-2"))?.name
        == "Fitness")
    #expect(
      try replica.apply(ApplyFixtures.document(), mode: .merge, wall: wall, today: today).isEmpty)
  }

  @Test func mergingKeepsWhatTheDocumentDoesNotHold() throws {
    var replica = Replica(device: "web")
    let own = Habit(id: "mine", title: "Read", category: "academic", startDay: day("2026-11-01"))
    try replica.perform(.addHabit(own), wall: wall, today: today)
    try replica.apply(ApplyFixtures.document(), mode: .merge, wall: wall, today: today)
    let run = ImportID.habit(.beaver, "run")
    try replica.perform(.complete(run, day("2026-11-10")), wall: wall, today: today)
    var changed = ApplyFixtures.document()
    changed.habits[0].habit.title = "Morning run"
    changed.habits[0].entries = [Entry(day: day("2026-11-02"), value: .one)]
    let summary = try replica.apply(changed, mode: .merge, wall: wall, today: today)
    #expect(summary.habitsUpdated == 1 && summary.habitsAdded == 0 && summary.daysWritten == 1)
    let tracker = replica.tracker
    #expect(tracker.habit("mine") == own && tracker.habit(run)?.title == "Morning run")
    // The start the first import set stays, and so do days the document no longer holds.
    #expect(tracker.habit(run)?.startDay == day("2026-11-01"))
    #expect(tracker.log(run)[day("2026-11-02")] == Entry(day: day("2026-11-02"), value: .one))
    #expect(tracker.log(run)[day("2026-11-10")]?.value == .one)
    #expect(tracker.log(run)[day("2026-11-05")]?.note == "Windy")
    // New habits go after the person's own.
    #expect(tracker.habit(run)!.order > own.order)
  }

  @Test func mergingAgainKeepsWhatThePersonSetThatTheFileDoesNotSay() throws {
    var replica = Replica(device: "web")
    var document = ApplyFixtures.document()
    for index in document.habits.indices {
      document.habits[index].habit.category = "self"
    }
    document.categories = []
    try replica.apply(document, mode: .merge, wall: wall, today: today)
    let run = ImportID.habit(.beaver, "run")
    var edited = try #require(replica.tracker.habit(run))
    edited.category = "health"
    edited.emoji = "🏃"
    edited.isPinned = true
    edited.timeOfDay = .morning
    edited.goal = .days(100)
    try replica.perform(.updateHabit(edited), wall: wall, today: today)
    #expect(try replica.apply(document, mode: .merge, wall: wall, today: today).isEmpty)
    #expect(replica.tracker.habit(run) == edited)
    document.habits[0].habit.title = "Morning run"
    try replica.apply(document, mode: .merge, wall: wall, today: today)
    edited.title = "Morning run"
    #expect(replica.tracker.habit(run) == edited)
  }

  @Test func replacingLeavesExactlyTheDocument() throws {
    var replica = Replica(device: "web")
    try replica.perform(
      .addHabit(
        Habit(id: "mine", title: "Read", category: "academic", startDay: day("2026-11-01"))),
      wall: wall, today: today)
    try replica.perform(
      .savePlace(Place(id: "gym", name: "Gym", latitudeMicro: 0, longitudeMicro: 0)),
      wall: wall, today: today)
    try replica.apply(ApplyFixtures.document(), mode: .merge, wall: wall, today: today)
    let run = ImportID.habit(.beaver, "run")
    try replica.perform(.complete(run, day("2026-11-10")), wall: wall, today: today)
    let summary = try replica.apply(
      ApplyFixtures.document(), mode: .replace, wall: wall, today: today)
    #expect(summary.habitsDeleted == 1 && summary.daysCleared == 1 && summary.placesDeleted == 1)
    #expect(summary.categoriesDeleted == Category.defaults.count)
    let tracker = replica.tracker
    #expect(tracker.categories.map(\.name) == ["Fitness"] && tracker.places.isEmpty)
    let document = ApplyFixtures.document()
    #expect(Set(tracker.habits.keys) == Set(document.habits.map(\.habit.id)))
    for imported in document.habits {
      #expect(tracker.log(imported.habit.id).entries == imported.entries)
    }
  }

  @Test func categoriesAreMatchedByNameIgnoringCase() throws {
    var replica = Replica(device: "web")
    var document = ApplyFixtures.document()
    document.categories = [
      Category(id: ImportID.category(.beaver, "health"), name: "HEALTH", order: 0)
    ]
    for index in document.habits.indices {
      document.habits[index].habit.category = document.categories[0].id
    }
    let summary = try replica.apply(document, mode: .merge, wall: wall, today: today)
    #expect(summary.categoriesAdded == 0)
    #expect(replica.tracker.categories.count == Category.defaults.count)
    #expect(replica.tracker.habits.values.allSatisfy { $0.category == "health" })
  }

  @Test func aRefusalNamesTheHabitAndImportsNothing() throws {
    var replica = Replica(device: "web")
    var document = ApplyFixtures.document()
    document.habits[1].entries.append(Entry(day: day("2026-11-23"), value: Amount(2)))
    #expect(
      throws: ImportError(file: "Swim", message: HabitError.futureDay(day("2026-11-23")).message)
    ) {
      try replica.apply(document, mode: .merge, wall: wall, today: today)
    }
    #expect(replica.tracker == Tracker() && replica.outbox.isEmpty)
  }

  @Test func anyHistoryReplacedThenReappliedLeavesTheDocumentAndNothingNew() async {
    // Each day's code: 0 nothing, 1 done, 2 no, 3 auto, 4 skip, 5 a note.
    await propertyCheck(
      count: 100, input: Gen.int(in: 0...5).array(of: 0...40), Gen.int(in: 0...5).array(of: 0...40)
    ) { first, second in
      var replica = Replica(device: "web")
      for codes in [first, second] {
        let document = history(codes)
        try replica.apply(document, mode: .replace, wall: wall, today: today)
        let outbox = replica.outbox
        #expect(try replica.apply(document, mode: .merge, wall: wall, today: today).isEmpty)
        #expect(replica.outbox == outbox)
        #expect(
          replica.tracker.log(document.habits[0].habit.id).entries
            == document.habits[0].entries.filter { !$0.isEmpty })
      }
    }
  }

  /// One habit whose days from 1 October 2026 hold the coded entries.
  private func history(_ codes: [Int]) -> ImportDocument {
    let start = day("2026-10-01")
    var entries: [Entry] = []
    for (offset, code) in codes.enumerated() {
      let day = start.advanced(by: offset)
      switch code {
      case 1: entries.append(Entry(day: day, value: .one))
      case 2: entries.append(Entry(day: day, mark: .no))
      case 3: entries.append(Entry(day: day, mark: .auto))
      case 4: entries.append(Entry(day: day, isSkipped: true))
      case 5: entries.append(Entry(day: day, note: "day \(offset)"))
      default: entries.append(Entry(day: day))
      }
    }
    var habit = ApplyFixtures.habit("run", title: "Run")
    habit.startDay = start
    return ImportDocument(
      format: .beaver, categories: [ApplyFixtures.fitness],
      habits: [ImportedHabit(habit: habit, entries: entries)])
  }
}
