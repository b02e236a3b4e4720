import HabitCore
import HabitSync

/// Deletes the Evening category with its habit, as the person confirms it: the web app's editor
/// (Delete category, then the dialog), `habit categories rm Evening --yes`, or
/// `DELETE /categories/{id}`. A device that no longer has the category does nothing.
struct DeleteCategory: SimStep {
  let device: Int
  var text: String { "device \(device): delete the Evening category and its habit" }

  func run(_ world: World) async {
    guard let habit = world.habit(.done, evening: true) else { return }
    let device = world.device(device)
    guard await device.habit(habit.id, world) != nil else { return }
    switch device {
    case let web as WebDevice:
      guard let category = web.state?.tracker.habit(habit.id)?.category else { return }
      web.event(world, "open-edit", habit.id.rawValue)
      web.event(world, "category-delete", category.rawValue)
      web.event(world, "confirm")
      if web.state?.sheet != nil { web.event(world, "close-sheet") }
    case let cli as CLIDevice:
      await cli.run(["categories", "rm", "Evening", "--yes"], world)
    case let rest as RESTDevice:
      guard let list = await rest.call("GET", "categories", world), list.ok,
        let json = try? JSONParser.parse(list.text),
        let id = json["categories"].array.first(where: { $0["name"].string == "Evening" })?[
          "id"
        ].string
      else { return }
      _ = await rest.call("DELETE", "categories/\(id)", world)
    default: return
    }
    guard await device.habit(habit.id, world) == nil else { return }
    world.model.delete(habit.id)
    world.tally("delete a category", on: device.face)
  }
}
