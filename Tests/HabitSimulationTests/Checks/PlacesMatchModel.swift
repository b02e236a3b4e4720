import HabitCore

/// Every place, with every field, on every device and in the server's backup (REST's view).
enum PlacesMatchModel {
  static func run(_ world: World) async {
    for device in world.devices {
      let seen = await device.places(world)
      for (id, expected) in world.model.places.sorted(by: { $0.key.rawValue < $1.key.rawValue })
      where seen[id] != expected {
        let shown = seen[id].map { "\"\($0.name)\" at \"\($0.address)\"" } ?? "nothing"
        world.report(
          .placesSyncEveryField,
          "\(device.name) shows place \(expected.name) as \(shown); saved at \"\(expected.address)\""
        )
      }
    }
  }
}
