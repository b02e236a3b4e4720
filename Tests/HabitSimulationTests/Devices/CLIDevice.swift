import Foundation
import HabitCLI
import HabitCore
import HabitStore
import HabitSync
import HabitTestSupport

/// `habit` in a terminal: commands run in this process on their own data folder (SQLite replica)
/// with the simulation's day and clock. Its sync is real HTTP to the run's server; the background
/// sync a change starts is held until the simulation runs it, as the detached process would.
/// (The CLI has no seam for its HTTP client, so the network's faults reach it only as "offline".)
final class CLIDevice: SimDevice {
  let name: String
  let face = Face.cli
  private(set) var online = true
  let folder: DataFolder
  private let wanted = SyncWanted()
  /// A background sync ended with changes still unsent: the next command must say so.
  private(set) var untoldFailure: String?

  /// Set by the context's background-sync hook, which must be Sendable.
  final class SyncWanted: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    func take() -> Bool {
      lock.withLock {
        defer { flag = false }
        return flag
      }
    }
  }

  struct Outcome {
    let status: Int32
    let output: String
    let errors: String
  }

  init(index: Int) {
    name = "cli-\(index)"
    folder = DataFolder(
      path: FileManager.default.temporaryDirectory.appendingPathComponent(
        "habitflow-sim-cli-\(UUID().uuidString)"
      ).path, device: "cli-\(index)")
  }

  deinit { try? FileManager.default.removeItem(atPath: folder.path) }

  /// What a change starts, detached: its output goes nowhere.
  static let backgroundSync = ["sync", "--background"]

  /// Runs `habit <arguments>` now, as the person types it.
  @discardableResult
  func run(_ arguments: [String], answers: [String] = [], _ world: World) async -> Outcome {
    let console = Console.capturing(answers: answers)
    let wall = world.clock.wall
    let wanted = self.wanted
    let context = CLIContext(
      folder: folder, console: console, today: world.clock.today, wall: { wall },
      startBackgroundSync: { _ in wanted.set() })
    let status = await CLIRunner.run(arguments, in: context)
    let outcome = Outcome(status: status, output: console.output, errors: console.errors)
    // Any command in the foreground tells it, `habit sync` too (which also tries again).
    if let failure = untoldFailure, arguments != Self.backgroundSync {
      untoldFailure = nil
      let said = (outcome.output + outcome.errors).lowercased()
      if !said.contains("background sync") && !said.contains("sign") {
        world.report(
          .backgroundSyncTells,
          "\(name): `habit \(arguments.joined(separator: " "))` said nothing of the failed "
            + "background sync (\(failure))")
      }
    }
    return outcome
  }

  /// The server came back on another port (the test server picks a new one at each start): the
  /// address the CLI keeps, with its sign-in and as the data folder's owner, is pointed at it
  /// again, as a stable host name would be.
  func serverMoved(to address: String) {
    for path in [folder.account, folder.owner] {
      guard let data = FileManager.default.contents(atPath: path),
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: String],
        let updated = try? JSONSerialization.data(
          withJSONObject: object.merging(["server": address]) { $1 })
      else { continue }
      try? updated.write(to: URL(fileURLWithPath: path))
    }
  }

  func start(_ world: World) async {
    await run(
      ["login", world.server.address, "--email", world.email, "--yes"],
      answers: [world.password], world)
  }

  func setOnline(_ online: Bool, _ world: World) async {
    self.online = online
    if online { await runBackgroundSyncIfWanted(world) }
  }

  /// The detached `habit sync --background` a change started: runs once the laptop is online.
  func runBackgroundSyncIfWanted(_ world: World) async {
    guard online, wanted.take() else { return }
    await run(Self.backgroundSync, world)
    // A later background sync that sends everything replaces the report of an earlier failure,
    // as the command line does: nothing is left to tell.
    untoldFailure = await hasUnsentChanges(world) ? "changes left unsent" : nil
  }

  func syncNow(_ world: World) async {
    guard online else { return }
    _ = wanted.take()
    let outcome = await run(["sync"], world)
    if outcome.status == 6 && !world.accountDeleted {
      // Signed out by a password change: the person signs in again.
      await start(world)
    }
  }

  /// The replica as the CLI stored it.
  func replica() async -> Replica? {
    try? await HabitTestSupport.withStore(folder.database) { store in
      try await ReplicaStore(store: store).load(newDevice: "unused")
    }
  }

  func entry(_ habit: HabitID, _ day: Day, _ world: World) async -> SeenEntry {
    SeenEntry(await replica()?.tracker.log(habit)[day])
  }

  func habit(_ habit: HabitID, _ world: World) async -> SeenHabit? {
    await replica()?.tracker.habit(habit).map(SeenHabit.init)
  }

  func places(_ world: World) async -> [PlaceID: SeenPlace] {
    var result: [PlaceID: SeenPlace] = [:]
    for (id, place) in await replica()?.tracker.places ?? [:] {
      result[id] = SeenPlace(name: place.name, address: place.address)
    }
    return result
  }

  /// `habit today --json`, `habit stats --json` and `habit show --json` for each habit.
  func figures(_ world: World) async -> SeenFigures {
    func read(_ arguments: [String]) async -> JSON {
      let outcome = await run(arguments + ["--json"], world)
      return outcome.status == 0 ? (try? JSONParser.parse(outcome.output)) ?? .null : .null
    }
    var figures = SeenFigures()
    let today = await read(["today"])
    if let met = today["done"].int, let due = today["due"].int {
      figures.ring = SeenFigures.DayCount(met: met, due: due)
    }
    let statistics = await read(["stats"])
    figures.bestStreak = SeenFigures.StreakFigure(statistics["bestStreak"])
    figures.perfectDays = statistics["perfectDays"].int
    figures.completions = statistics["totalCompletions"].int
    for habit in world.habits {
      if let shown = SeenFigures.HabitFigures(await read(["show", habit.id.rawValue])) {
        figures.habits[habit.id] = shown
      }
    }
    return figures
  }

  func hasUnsentChanges(_ world: World) async -> Bool {
    !(await replica()?.outbox.isEmpty ?? true)
  }
}
