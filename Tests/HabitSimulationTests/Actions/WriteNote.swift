import HabitCore

/// Writes today's note for a habit (the web app's day editor, `habit note`, PUT …/note).
struct WriteNote: SimStep {
  let device: Int
  let kind: SimHabit.Kind
  let note: String
  var text: String { "device \(device): note \"\(note)\" on the \(kind.rawValue) habit" }

  func run(_ world: World) async {
    guard let habit = world.habit(kind) else { return }
    let device = world.device(device)
    let day = world.clock.today
    let before = await device.entry(habit.id, day, world)
    switch device {
    case let web as WebDevice:
      web.onToday(world)
      web.event(world, "open-detail", habit.id.rawValue)
      web.event(world, "detail-day", day.iso)
      web.event(world, "note", habit.id.rawValue, note)
      web.event(world, "save-note", habit.id.rawValue)
      web.event(world, "close-sheet")
    case let cli as CLIDevice:
      await cli.run(["note", habit.id.rawValue, note], world)
    case let rest as RESTDevice:
      _ = await rest.call(
        "PUT", "habits/\(habit.id.rawValue)/entries/\(day.iso)/note", json: #"{"note":"\#(note)"}"#,
        world)
    default: return
    }
    let after = await device.entry(habit.id, day, world)
    if after.note == note && after != before { world.model.setNote(habit.id, day, note) }
  }
}
