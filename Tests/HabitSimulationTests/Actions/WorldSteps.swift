/// Time passes (minutes, a night, days away).
struct Advance: SimStep {
  let minutes: Int
  var text: String { "clock: +\(minutes) min" }

  func run(_ world: World) async {
    world.clock.advance(minutes: minutes)
    await world.deliverDue()
    // app.js syncs every 30 seconds while the browser says it is online.
    for case let web as WebDevice in world.devices where web.online { web.requestSync(world) }
  }
}

/// A device loses or finds the network.
struct SetOnline: SimStep {
  let device: Int
  let online: Bool
  var text: String { "device \(device): \(online ? "online" : "offline")" }

  func run(_ world: World) async { await world.device(device).setOnline(online, world) }
}

/// The person presses Sync (or the app syncs on focus).
struct SyncNow: SimStep {
  let device: Int
  var text: String { "device \(device): sync" }

  func run(_ world: World) async { await world.device(device).syncNow(world) }
}

/// The server stops and starts again on the same folder (an upgrade, a host reboot): the run's
/// loop does it, between two steps, with sync messages still in flight.
struct RestartServer: SimStep {
  var text: String { "server: restart" }

  func run(_ world: World) async {}
}

/// The server's next commits fail: refused before they write, written and then reported as
/// failed, or reported as failed and written later (past the deadline). Devices must try again,
/// and a retry, or a late write landing after newer ones, must not count a change twice.
struct FailCommits: SimStep {
  let count: Int
  let mode: CommitFaults.Mode
  var text: String { "server: the next \(count) commits fail \(mode.rawValue)" }

  func run(_ world: World) async {
    world.server.commits.fail(next: count, mode)
  }
}
