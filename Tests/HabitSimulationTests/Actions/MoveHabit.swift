import HabitCore

/// Puts a habit at another place in the list: Move up/down (or a drag) in the web app, or a new
/// `order` through `PATCH /habits/{id}` (the CLI has no ordering command, so its turn goes to
/// the first browser).
struct MoveHabit: SimStep {
  let device: Int
  let kind: SimHabit.Kind
  let position: Int
  var text: String { "device \(device): move the \(kind.rawValue) habit to place \(position)" }

  func run(_ world: World) async {
    guard let habit = world.habit(kind) else { return }
    var device = world.device(device)
    if device is CLIDevice, let first = world.devices.first { device = first }
    var before: [HabitID: SeenHabit] = [:]
    for each in world.habits { before[each.id] = await device.habit(each.id, world) }
    switch device {
    case let web as WebDevice:
      web.event(world, "move", habit.id.rawValue, String(position))
    case let rest as RESTDevice:
      _ = await rest.call(
        "PATCH", "habits/\(habit.id.rawValue)", json: #"{"order":\#(position)}"#, world)
    default: return
    }
    for each in world.habits {
      guard let old = before[each.id], let new = await device.habit(each.id, world) else {
        continue
      }
      world.model.edit(each.id, from: old, to: new)
      if old.order != new.order && each.id == habit.id {
        world.tally("move a habit", on: device.face)
      }
    }
  }
}
