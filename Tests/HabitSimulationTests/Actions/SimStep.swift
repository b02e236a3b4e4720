import HabitCore

/// One thing that happens in a run: a person's action on a device, or the world's (the clock,
/// the network). A new action is one small type: what it does on each face and what the
/// reference model takes from it.
protocol SimStep: Sendable {
  /// The step as the trace shows it.
  var text: String { get }
  func run(_ world: World) async
}

extension World {
  /// The habit of a kind in Health (each run's account has one of each), or the one in
  /// Evening.
  func habit(_ kind: SimHabit.Kind, evening: Bool = false) -> SimHabit? {
    habits.first { $0.kind == kind && $0.evening == evening }
  }

  func device(_ index: Int) -> any SimDevice { devices[index % devices.count] }
}

/// The web app's day list acts on the selected day: the person goes back to today first.
extension WebDevice {
  func onToday(_ world: World) { event(world, "go-today") }
}
