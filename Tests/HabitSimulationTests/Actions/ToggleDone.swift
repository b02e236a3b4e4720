import HabitCore

/// Marks a done habit (Read, or Stretch in Evening) for today, or takes the mark back.
struct ToggleDone: SimStep {
  let device: Int
  var evening = false
  var text: String { "device \(device): toggle today's check-in\(evening ? " of Stretch" : "")" }

  func run(_ world: World) async {
    guard let habit = world.habit(.done, evening: evening) else { return }
    let device = world.device(device)
    let day = world.clock.today
    let before = await device.entry(habit.id, day, world)
    let done = before.thousandths == 0 || before.skipped
    switch device {
    case let web as WebDevice:
      web.onToday(world)
      web.event(world, "tap", habit.id.rawValue)
    case let cli as CLIDevice:
      await cli.run([done ? "done" : "undo", habit.id.rawValue], world)
    case let rest as RESTDevice:
      _ = await rest.call(
        done ? "PUT" : "DELETE", "habits/\(habit.id.rawValue)/entries/\(day.iso)/done", world)
    default: return
    }
    let after = await device.entry(habit.id, day, world)
    if (after.thousandths > 0) == done && after != before {
      world.model.setDone(habit.id, day, done)
      if world.model.deleted.contains(habit.id) {
        world.tally("check in a habit deleted elsewhere", on: device.face)
      }
    }
  }
}
