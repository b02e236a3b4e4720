import HabitCore

/// Skips today for a habit (sick, on holiday), or takes the skip back.
struct ToggleSkip: SimStep {
  let device: Int
  let kind: SimHabit.Kind
  var text: String { "device \(device): toggle today's skip of the \(kind.rawValue) habit" }

  func run(_ world: World) async {
    guard let habit = world.habit(kind) else { return }
    let device = world.device(device)
    let day = world.clock.today
    let before = await device.entry(habit.id, day, world)
    let skip = !before.skipped
    let path = "habits/\(habit.id.rawValue)/entries/\(day.iso)/skip"
    switch device {
    case let web as WebDevice:
      web.onToday(world)
      web.event(world, "skip", habit.id.rawValue)
    case let cli as CLIDevice:
      await cli.run(
        skip ? ["skip", habit.id.rawValue] : ["skip", habit.id.rawValue, "--undo"], world)
    case let rest as RESTDevice:
      _ = await rest.call(skip ? "PUT" : "DELETE", path, world)
    default: return
    }
    let after = await device.entry(habit.id, day, world)
    if skip && before.thousandths > 0 && after.thousandths < before.thousandths {
      world.report(
        .skipKeepsCheckIn,
        "\(device.name) skipped \(habit.title) on \(day.iso): its check-in of "
          + "\(before.thousandths / 1000) is gone")
      world.model.explain(habit.id, day)
      return
    }
    if after.skipped == skip && after != before {
      world.model.setSkipped(habit.id, day, skip)
    }
  }
}
