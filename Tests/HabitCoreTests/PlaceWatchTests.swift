import HabitCore
import PropertyBased
import Testing

/// Place reminders fire on crossing a place's edge, by the same due rule as times.
@Suite struct PlaceWatchTests {
  private let gym = Place(
    id: "gym", name: "Gym", latitudeMicro: 52_520_000, longitudeMicro: 13_405_000,
    radiusMeters: 100)

  private func habits(trigger: PlaceReminder.Trigger, done: [String] = []) -> Tracker {
    var result = Tracker()
    do {
      try result.savePlace(gym)
      try result.add(
        makeHabit { $0.reminders = Reminders(place: PlaceReminder(place: "gym", trigger: trigger)) }
      )
      for iso in done { try result.complete("h1", on: day(iso), today: day("2026-12-31")) }
    } catch {
      fatalError(error.message)
    }
    return result
  }

  @Test func aPlaceHoldsPointsWithinItsRadiusAlsoEastToWest() {
    // 0.0008° of latitude is 89 m; at 52.5° north 0.0013° of longitude is 88 m.
    #expect(gym.contains(latitudeMicro: 52_520_800, longitudeMicro: 13_405_000))
    #expect(!gym.contains(latitudeMicro: 52_521_000, longitudeMicro: 13_405_000))
    #expect(gym.contains(latitudeMicro: 52_520_000, longitudeMicro: 13_406_300))
    #expect(!gym.contains(latitudeMicro: 52_520_000, longitudeMicro: 13_406_600))
  }

  @Test func arrivingFiresOnceAndOnlyAfterAMove() {
    let day = day("2026-11-23")
    var watch = PlaceWatch()
    let tracker = habits(trigger: .arrive)
    // The first position says where the device is: being there already is no arrival.
    #expect(
      watch.move(latitudeMicro: 52_520_000, longitudeMicro: 13_405_000, in: tracker, on: day)
        .isEmpty)
    #expect(
      watch.move(latitudeMicro: 52_530_000, longitudeMicro: 13_405_000, in: tracker, on: day)
        .isEmpty)
    let fired = watch.move(
      latitudeMicro: 52_520_100, longitudeMicro: 13_405_000, in: tracker, on: day)
    #expect(fired.map(\.id) == ["h1"])
    #expect(
      watch.move(latitudeMicro: 52_520_000, longitudeMicro: 13_405_000, in: tracker, on: day)
        .isEmpty)
  }

  @Test func leavingFiresOnLeavingAndNotWhenDone() {
    let day = day("2026-11-23")
    var watch = PlaceWatch()
    let tracker = habits(trigger: .leave)
    _ = watch.move(latitudeMicro: 52_520_000, longitudeMicro: 13_405_000, in: tracker, on: day)
    #expect(
      watch.move(latitudeMicro: 52_530_000, longitudeMicro: 13_405_000, in: tracker, on: day).count
        == 1)
    var done = PlaceWatch()
    let finished = habits(trigger: .leave, done: ["2026-11-23"])
    _ = done.move(latitudeMicro: 52_520_000, longitudeMicro: 13_405_000, in: finished, on: day)
    #expect(
      done.move(latitudeMicro: 52_530_000, longitudeMicro: 13_405_000, in: finished, on: day)
        .isEmpty)
  }

  @Test func degreesAsTypedReadBackExactly() async {
    #expect(Place.micro(degrees: " 52.52 ") == 52_520_000)
    #expect(Place.micro(degrees: "-0.1") == -100_000)
    #expect(Place.micro(degrees: "+13.405000") == 13_405_000)
    for bad in ["", ".", "-", "1.2.3", "52,5", "1.0000001", "abc", "1e5"] {
      #expect(Place.micro(degrees: bad) == nil, "\(bad)")
    }
    await propertyCheck(count: 500, input: Gen.int(in: -180_000_000...180_000_000)) { micro in
      #expect(Place.micro(degrees: Place.degrees(micro)) == micro)
    }
  }
}
