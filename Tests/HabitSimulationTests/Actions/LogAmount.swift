import HabitCore

/// Logs an amount of the quantity habit (a glass of water): the web app adds it to the day, the
/// CLI and REST set the day's total to what the person sees plus it.
struct LogAmount: SimStep {
  let device: Int
  let thousandths: Int64
  var text: String { "device \(device): log \(Amount(thousandths: thousandths).text) more" }

  func run(_ world: World) async {
    guard let habit = world.habit(.quantity) else { return }
    let device = world.device(device)
    let day = world.clock.today
    let before = await device.entry(habit.id, day, world)
    let amount = Amount(thousandths: thousandths).text
    let total = Amount(thousandths: before.thousandths + thousandths).text
    switch device {
    case let web as WebDevice:
      web.onToday(world)
      web.event(world, "amount", habit.id.rawValue, amount)
      web.event(world, "log-amount", habit.id.rawValue)
    case let cli as CLIDevice:
      await cli.run(["log", habit.id.rawValue, total], world)
    case let rest as RESTDevice:
      _ = await rest.call(
        "PUT", "habits/\(habit.id.rawValue)/entries/\(day.iso)/amount",
        json: #"{"amount":"\#(total)"}"#, world)
    default: return
    }
    let after = await device.entry(habit.id, day, world)
    if after.thousandths != before.thousandths {
      world.model.add(habit.id, day, thousandths: thousandths)
    }
  }
}
