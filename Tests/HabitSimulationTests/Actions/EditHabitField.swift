import HabitCore

/// Changes one of a habit's fields (title, description, emoji or colour) on one face: the web
/// app's editor, `habit edit`, or `PATCH /habits/{id}`.
struct EditHabitField: SimStep {
  enum Field: String, Sendable {
    case title
    case description
    case emoji
    case color
  }

  let device: Int
  let kind: SimHabit.Kind
  let field: Field
  let value: String
  var evening = false
  var text: String {
    "device \(device): set the \(evening ? "Evening" : kind.rawValue) habit's \(field.rawValue) "
      + "to \"\(value)\""
  }

  func run(_ world: World) async {
    guard let habit = world.habit(kind, evening: evening) else { return }
    let device = world.device(device)
    guard let before = await device.habit(habit.id, world) else { return }
    switch device {
    case let web as WebDevice:
      web.event(world, "open-edit", habit.id.rawValue)
      web.event(world, "draft", field.rawValue, value)
      web.event(world, "save")
      if web.state?.dialog != nil { web.event(world, "confirm") }
      if web.state?.sheet != nil { web.event(world, "close-sheet") }
    case let cli as CLIDevice:
      await cli.run(["edit", habit.id.rawValue, "--\(field.rawValue)", value], world)
    case let rest as RESTDevice:
      _ = await rest.call(
        "PATCH", "habits/\(habit.id.rawValue)", json: #"{"\#(field.rawValue)":"\#(value)"}"#, world)
    default: return
    }
    guard let after = await device.habit(habit.id, world) else { return }
    world.model.edit(habit.id, from: before, to: after)
    guard after != before else { return }
    world.tally("edit a habit's \(field.rawValue)", on: device.face)
    if world.model.deleted.contains(habit.id) {
      world.tally("edit a habit deleted elsewhere", on: device.face)
    }
  }
}
