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
    let existing = state.tracker.places.values.first { $0.name == name }
    if let existing { web.event(world, "remind", "edit", existing.id.rawValue) }
    web.event(world, "remind", "name", name)
    web.event(world, "remind", "address", address)
    web.event(world, "remind", "latitude", place == 0 ? "52.52" : "52.5")
    web.event(world, "remind", "longitude", place == 0 ? "13.405" : "13.4")
    web.event(world, "remind", "save")
    guard let saved = web.state?.tracker.places.values.first(where: { $0.name == name }),
      saved.address == address
    else { return }
    world.model.savePlace(saved.id, SeenPlace(name: name, address: address))
  }
}
