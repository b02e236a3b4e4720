import HabitCore

/// Pauses a habit over a few recent days in the web app's detail (a sick day, a trip), or
/// resumes it there: the only face with pauses. It must change skips only.
struct PauseDays: SimStep {
  let device: Int
  let kind: SimHabit.Kind
  /// How many days ago the range starts, and how many days it lasts after that.
  let back: Int
  let length: Int
  let resume: Bool
  var text: String {
    "device \(device): \(resume ? "resume" : "pause") the \(kind.rawValue) habit from "
      + "\(back) days ago for \(length + 1) days"
  }

  func run(_ world: World) async {
    guard let habit = world.habit(kind),
      let web = world.device(device) as? WebDevice ?? world.devices.first as? WebDevice
    else { return }
    let today = world.clock.today
    let first = today.advanced(by: -back)
    let last = min(first.advanced(by: length), today)
    var days: [Day] = []
    var day = first
    while day <= last {
      days.append(day)
      day = day.advanced(by: 1)
    }
    var before: [Day: SeenEntry] = [:]
    for day in days { before[day] = await web.entry(habit.id, day, world) }
    web.event(world, "open-detail", habit.id.rawValue)
    web.event(world, "pause-from", "", first.iso)
    web.event(world, "pause-through", "", last.iso)
    web.event(world, resume ? "resume" : "pause", habit.id.rawValue)
    if web.state?.sheet != nil { web.event(world, "close-sheet") }
    for day in days {
      let old = before[day] ?? SeenEntry()
      let new = await web.entry(habit.id, day, world)
      if new.thousandths != old.thousandths || new.note != old.note {
        world.report(
          .pauseKeepsValues,
          "\(web.name): \(resume ? "resuming" : "pausing") \(habit.title) changed \(day.iso) from "
            + "\(EntriesMatchModel.describe(old)) to \(EntriesMatchModel.describe(new))")
        world.model.explain(habit.id, day)
      } else if new.skipped != old.skipped {
        world.model.setSkipped(habit.id, day, new.skipped)
        world.tally(resume ? "resume a day" : "pause a day", on: .web)
      }
    }
  }
}
