import HabitSync
import PropertyBased
import Testing

@Suite struct ClockTests {
  @Test func stampsOnlyMoveForwardWhenTheWallClockJumpsBack() {
    var clock = HybridClock(device: "phone")
    let first = clock.tick(wall: noon)
    let second = clock.tick(wall: noon - 60_000)
    let third = clock.tick(wall: noon - 120_000)
    #expect(first < second && second < third)
    #expect(third.wall == noon && third.counter == 2)
    let later = clock.tick(wall: noon + 5)
    #expect(later.wall == noon + 5 && later.counter == 0)
  }

  @Test func observingARemoteStampMovesPastIt() throws {
    var clock = HybridClock(device: "phone")
    _ = clock.tick(wall: noon)
    let remote = Stamp(wall: noon + 5_000, counter: 7, device: "laptop")
    try clock.observe(remote, wall: noon)
    let next = clock.tick(wall: noon)
    #expect(next > remote)
  }

  @Test func aStampAbsurdlyFarInTheFutureIsRefused() {
    var clock = HybridClock(device: "phone")
    let wild = Stamp(wall: noon + 400 * 86_400_000, counter: 0, device: "broken")
    #expect(throws: SyncError.stampTooFarAhead(wild.text)) { try clock.observe(wild, wall: noon) }
    #expect(clock.last.wall == 0)
    #expect(SyncError.stampTooFarAhead(wild.text).message.contains("clock"))
  }

  @Test func theCounterCarriesIntoTheWallClockWhenFull() {
    var clock = HybridClock(
      device: "d", last: Stamp(wall: noon, counter: Stamp.maximumCounter, device: "d"))
    let next = clock.tick(wall: noon)
    #expect(next.wall == noon + 1 && next.counter == 0)
  }

  @Test func stampTextSortsExactlyLikeStamps() async {
    await propertyCheck(
      count: 500, input: Gen.int(in: 0...2_000_000), Gen.int(in: 0...3), Gen.int(in: 0...2_000_000),
      Gen.int(in: 0...3)
    ) { wallA, counterA, wallB, counterB in
      let devices = ["a", "b", "phone", "laptop-2"]
      let a = Stamp(wall: noon + Int64(wallA), counter: counterA, device: devices[counterA])
      let b = Stamp(wall: noon + Int64(wallB), counter: counterB, device: devices[counterB])
      #expect((a < b) == (a.text < b.text))
      #expect(Stamp(text: a.text) == a)
    }
  }

  @Test func malformedStampTextIsRefused() {
    for bad in [
      "", "123", "000001795348800000-00000-", "00000179534880000X-00000-d",
      "000001795348800000-00000-bad device",
    ] {
      #expect(Stamp(text: bad) == nil, "\(bad)")
    }
  }
}
