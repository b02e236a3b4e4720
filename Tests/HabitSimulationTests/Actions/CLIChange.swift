/// A change in the terminal after the password changed elsewhere: its background sync fails.
struct CLIChange: SimStep {
  let device: Int
  var text: String { "device \(device): count +1 in the terminal, then `habit today`" }

  func run(_ world: World) async {
    guard let cli = world.device(device) as? CLIDevice, let habit = world.habit(.count) else {
      return
    }
    await cli.run(["count", habit.id.rawValue, "1"], world)
    world.model.add(habit.id, world.clock.today, thousandths: 1000)
    await cli.runBackgroundSyncIfWanted(world)
    await cli.run(["today"], world)
  }
}
