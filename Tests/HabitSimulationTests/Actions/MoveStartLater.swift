import HabitApp
import HabitCore

/// Moves a habit's start date to today in the web app's editor, reading the warning first: it must
/// count every day the move drops (marks, skips and notes alike).
struct MoveStartLater: SimStep {
  let device: Int
  let kind: SimHabit.Kind
  var text: String { "device \(device): move the \(kind.rawValue) habit's start to today" }

  func run(_ world: World) async {
    guard let habit = world.habit(kind),
      let web = world.device(device) as? WebDevice ?? world.devices.first as? WebDevice,
      let start = web.state?.tracker.habit(habit.id)?.startDay
    else { return }
    let day = world.clock.today
    guard day > start else { return }
    let dropped =
      web.state?.tracker.log(habit.id).entries.filter { $0.day < day && !$0.isEmpty } ?? []
    web.event(world, "open-edit", habit.id.rawValue)
    web.event(world, "draft", "start", day.iso)
    let warned = web.state.map { Self.warnedCount(Render.page($0).html) } ?? 0
    if warned != dropped.count {
      world.report(
        .startMoveWarnsOfEveryDay,
        "\(web.name): moving \(habit.title)'s start to \(day.iso) drops \(dropped.count) days "
          + "(marks, skips, notes); the warning counts \(warned)")
    }
    web.event(world, "save")
    if web.state?.dialog != nil { web.event(world, "confirm") }
    if web.state?.sheet != nil { web.event(world, "close-sheet") }
    if web.state?.tracker.habit(habit.id)?.startDay == day {
      world.model.moveStart(habit.id, to: day)
    }
  }

  /// The number in the editor's start-date warning (0 when there is none).
  static func warnedCount(_ html: String) -> Int {
    guard let range = html.range(of: "<p class=\"warning\" role=\"alert\">") else { return 0 }
    let digits = html[range.upperBound...].prefix { $0 != "<" }.filter(\.isNumber)
    return Int(String(digits)) ?? 0
  }
}
