import HabitCore
import HabitSync
import Testing

/// A place's address travels like its other fields (issue 26, loss 2).
@Suite struct PlaceAddressSyncTests {
  private let today = day("2026-11-22")

  private func problem(_ value: FieldValue) -> SyncError? {
    let change = Change(
      id: "p.1", field: FieldKey(.place, "home", "address"), value: value,
      stamp: Stamp(wall: noon, counter: 0, device: "phone"))
    return ChangeValidation.problem(change, wall: noon)
  }

  @Test func anAddressIsTextTheServerTakes() {
    #expect(problem(.text("1 Main Street\nSpringfield")) == nil)
    #expect(problem(.text("")) == nil)
    #expect(
      problem(.text(String(repeating: "a", count: Place.maximumAddressLength + 1)))?.code
        == "place_address_too_long")
    #expect(problem(.int(12)) != nil)
  }

  @Test func aPlacesAddressReachesAnotherDevice() throws {
    var phone = Replica(device: "phone")
    let home = Place(
      id: "home", name: "Home", latitudeMicro: 52_520_008, longitudeMicro: 13_404_954,
      address: "1 Main Street")
    try phone.perform(.savePlace(home), wall: noon, today: today)
    var laptop = Replica(device: "laptop")
    try laptop.receive(phone.fieldChanges, wall: noon)
    #expect(laptop.tracker.places["home"]?.address == "1 Main Street")
  }
}
