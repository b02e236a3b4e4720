import HabitCore

/// One tap on the count habit, or one step back (never below zero).
struct CountStep: SimStep {
  let device: Int
  let up: Bool
  var text: String { "device \(device): count \(up ? "+1" : "-1")" }

  func run(_ world: World) async {
    guard let habit = world.habit(.count) else { return }
    let device = world.device(device)
    let day = world.clock.today
    let before = await device.entry(habit.id, day, world)
    guard up || before.thousandths > 0 else { return }
    switch device {
    case let web as WebDevice:
      web.onToday(world)
      web.event(world, up ? "tap" : "count-down", habit.id.rawValue)
    case let cli as CLIDevice:
      await cli.run(["count", habit.id.rawValue, "--", up ? "1" : "-1"], world)
    case let rest as RESTDevice:
      _ = await rest.call(
        "POST", "habits/\(habit.id.rawValue)/entries/\(day.iso)/count",
        json: #"{"times":\#(up ? 1 : -1)}"#, world)
    default: return
    }
    let after = await device.entry(habit.id, day, world)
    if after.thousandths != before.thousandths {
      world.model.add(habit.id, day, thousandths: up ? 1000 : -1000)
    }
  }
}
