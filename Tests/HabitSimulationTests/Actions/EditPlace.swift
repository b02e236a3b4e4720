import HabitApp
import HabitCore

/// Saves a place with an address in the web app's Account → Places (the only face that edits
/// places); `place` picks one of two, so later edits change a place other devices hold.
struct EditPlace: SimStep {
  let device: Int
  let place: Int
  let address: String
  var text: String { "device \(device): save place \(place) at \"\(address)\"" }

  func run(_ world: World) async {
    guard let web = world.device(device) as? WebDevice ?? world.devices.first as? WebDevice,
      let state = web.state
    else { return }
    let name = place == 0 ? "Home" : "Gym"
    // Two devices that had not seen each other's may each have made a "Home": the edit goes to
    // the one with the lowest id (not whichever a dictionary yields first, which differs from
    // one process to the next), and the model takes the place that was edited or made.
    let before = Set(state.tracker.places.keys)
    let existing = state.tracker.places.values.filter { $0.name == name }
      .min { $0.id.rawValue < $1.id.rawValue }
    if let existing { web.event(world, "remind", "edit", existing.id.rawValue) }
    web.event(world, "remind", "name", name)
    web.event(world, "remind", "address", address)
    web.event(world, "remind", "latitude", place == 0 ? "52.52" : "52.5")
    web.event(world, "remind", "longitude", place == 0 ? "13.405" : "13.4")
    web.event(world, "remind", "save")
    guard let places = web.state?.tracker.places,
      let id = existing?.id ?? places.keys.first(where: { !before.contains($0) }),
      let saved = places[id], saved.name == name, saved.address == address
    else { return }
    world.model.savePlace(id, SeenPlace(name: name, address: address))
  }
}
