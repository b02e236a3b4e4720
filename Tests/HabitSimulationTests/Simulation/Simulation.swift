import Foundation
import HabitApp
import HabitCore

/// Runs a plan against a fresh server and fresh devices and returns what the checks found.
enum Simulation {
  struct Outcome: Sendable {
    let seed: UInt64
    let violations: [Violation]
    /// What each device showed once it had synced, by device name.
    let figures: [String: SeenFigures]
    /// How many intents of each kind the model took.
    let acted: [String: Int]
    /// What the server stored at the end (`SimServer.fingerprint`): a replay ends the same.
    let fingerprint: String

    func found(_ check: CheckName) -> [Violation] { violations.filter { $0.check == check } }
  }

  static func run(seed: UInt64, plan: Plan) async throws -> Outcome {
    reminderScreens = .all
    accountForms = .all
    let clock = SimClock()
    let run = RunState()
    let directory = SimServer.newDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Each pass is one life of the server on the run's folder: a restart step ends it, and the
    // next pass goes on with the same world, devices and messages in flight.
    var life = 0
    while !run.finished {
      life += 1
      // Named, not random, so stamps that tie are broken the same way on every replay.
      let device = "server-\(life)"
      try await SimServer.with(clock: clock, directory: directory, device: device) { server in
        let world: World
        if let existing = run.world {
          world = existing
          world.server = server
          for case let cli as CLIDevice in world.devices { cli.serverMoved(to: server.address) }
        } else {
          world = World(seed: seed, clock: clock, server: server)
          run.world = world
          await setUp(world)
          world.network.faults = plan.faults
        }
        try await live(world, plan: plan, run: run)
      }
    }
    return Outcome(
      seed: seed, violations: run.world?.violations ?? [], figures: run.world?.figures ?? [:],
      acted: run.world?.acted ?? [:], fingerprint: run.fingerprint)
  }

  /// Runs the plan's steps from where the last life of the server stopped, until a restart or
  /// the end (the settling, the checks and the epilogue).
  private static func live(_ world: World, plan: Plan, run: RunState) async throws {
    let clock = world.clock
    while run.next < plan.steps.count {
      let index = run.next
      run.next += 1
      world.step = index
      clock.tick()
      if plan.steps[index] is RestartServer { return }
      await plan.steps[index].run(world)
      await world.deliverDue()
      for case let cli as CLIDevice in world.devices {
        await cli.runBackgroundSyncIfWanted(world)
      }
    }
    world.step = plan.steps.count
    await world.settle()
    await EntriesMatchModel.run(world)
    await PlacesMatchModel.run(world)
    await HabitsMatchModel.run(world)
    await FiguresMatchAcrossFaces.run(world)
    // Before the epilogue, which may delete the account.
    run.fingerprint = try await world.server.fingerprint()
    for step in plan.epilogue {
      clock.tick()
      await step.run(world)
      await world.drain()
    }
    if !plan.epilogue.isEmpty {
      await world.settle()
      await DeletedAccountStops.run(world)
      if !world.accountDeleted {
        await EntriesMatchModel.run(world)
        await PlacesMatchModel.run(world)
        await HabitsMatchModel.run(world)
      }
    }
    run.finished = true
  }

  /// The account, one habit of each kind in Health made in the first browser (the one to check
  /// in three times a week, so streaks count weeks) and a daily one alone in a new category,
  /// Evening; the person's first weekday (Monday, Sunday or Saturday by seed), and every device
  /// signed in.
  static func setUp(_ world: World) async {
    _ = await world.server.call(
      .post, "accounts", token: nil,
      json: #"{"email":"\#(world.email)","password":"\#(world.password)"}"#,
      today: world.clock.today.iso)
    for (index, face) in Plan.faces.enumerated() {
      switch face {
      case .web: world.devices.append(WebDevice(index: index))
      case .cli: world.devices.append(CLIDevice(index: index))
      case .rest: world.devices.append(RESTDevice(index: index))
      }
    }
    guard let first = world.devices.first as? WebDevice else { return }
    await first.start(world)
    let habits = [
      ("Read", "done"), ("Push-ups", "count"), ("Water", "quantity"), ("Stretch", "done"),
    ]
    for (title, kind) in habits {
      first.event(world, "open-add")
      first.event(world, "draft", "title", title)
      if title == "Stretch" {
        first.event(world, "draft", "newCategoryName", "Evening")
        first.event(world, "category-add")
      } else {
        first.event(world, "draft", "category", "health")
      }
      first.event(world, "draft", "measureKind", kind)
      if title == "Read" {
        first.event(world, "draft", "scheduleKind", "timesPerWeek")
        first.event(world, "draft", "perWeek", "3")
      }
      if kind == "count" {
        first.event(world, "draft", "scheduleKind", "timesInDays")
        first.event(world, "draft", "inTimes", "2")
        first.event(world, "draft", "interval", "3")
      }
      if kind == "quantity" {
        first.event(world, "draft", "quantityTarget", "2")
        first.event(world, "draft", "unit", "l")
      }
      first.event(world, "save")
      if let habit = first.state?.tracker.habits.values.first(where: { $0.title == title }),
        let simKind = SimHabit.Kind(rawValue: kind)
      {
        world.habits.append(
          SimHabit(id: habit.id, title: title, kind: simKind, evening: title == "Stretch"))
        world.model.made(habit.id, SeenHabit(habit))
      }
    }
    first.event(world, "first-weekday", "", String([1, 7, 6][Int(world.seed % 3)]))
    await world.settle()
    for device in world.devices.dropFirst() { await device.start(world) }
    await world.settle()
  }

  /// The shortest plan found that still breaks `check`: whole chunks of steps are taken out while
  /// the check still fails, then single steps (at most `budget` runs).
  static func shrink(seed: UInt64, plan: Plan, check: CheckName, budget: Int = 40) async throws
    -> Plan
  {
    var best = plan
    var runs = 0
    var chunk = max(1, best.steps.count / 2)
    while chunk >= 1 && runs < budget {
      var start = 0
      var removedAny = false
      while start < best.steps.count && runs < budget {
        var candidate = best
        candidate.steps.removeSubrange(start..<min(start + chunk, candidate.steps.count))
        runs += 1
        if !(try await run(seed: seed, plan: candidate).found(check).isEmpty) {
          best = candidate
          removedAny = true
        } else {
          start += chunk
        }
      }
      if !removedAny || chunk == 1 { chunk /= 2 }
    }
    if !best.epilogue.isEmpty && runs < budget {
      var candidate = best
      candidate.epilogue = []
      if !(try await run(seed: seed, plan: candidate).found(check).isEmpty) { best = candidate }
    }
    return best
  }
}

/// What one run carries from one life of its server to the next (each life runs in a closure
/// the server's test client calls, one after another, never at once).
final class RunState: @unchecked Sendable {
  var world: World?
  var next = 0
  var finished = false
  var fingerprint = ""
}
