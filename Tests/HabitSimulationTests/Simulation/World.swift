import HabitCore

/// One habit of the run's account, as the actions pick it.
struct SimHabit: Sendable {
  enum Kind: String, Sendable {
    case done
    case count
    case quantity
  }

  let id: HabitID
  let title: String
  let kind: Kind
  /// The habit alone in the category a step may delete (the others share Health).
  var evening = false
}

/// Everything one run holds: the clock, the server, the network, the devices, the reference
/// model, and what the checks found. Steps change it; checks read it.
final class World {
  let seed: UInt64
  let clock: SimClock
  /// The server now running: a restart replaces it.
  var server: SimServer
  let network: SimNetwork
  let model = ReferenceModel()
  var devices: [any SimDevice] = []
  var habits: [SimHabit] = []
  let email: String
  var password = "correct horse"
  /// The account is gone from the server (deleted by one of the devices).
  var accountDeleted = false
  /// The backup downloaded during the run and the model as it stood then.
  var backup: (text: String, model: ReferenceModel.Snapshot)?
  private(set) var violations: [Violation] = []
  /// What each device showed at the figures check, by device name.
  var figures: [String: SeenFigures] = [:]
  /// How many intents of each kind the model took, by "what on which face": a sweep shows that
  /// every kind of step did something somewhere.
  private(set) var acted: [String: Int] = [:]
  /// The step running now, for the violations it causes.
  var step = 0

  init(seed: UInt64, clock: SimClock, server: SimServer) {
    self.seed = seed
    self.clock = clock
    self.server = server
    network = SimNetwork(seed: seed)
    email = "sim-\(seed)@example.org"
  }

  func tally(_ intent: String, on face: Face) {
    acted[intent + " on " + face.rawValue, default: 0] += 1
  }

  func report(_ check: CheckName, _ detail: String) {
    violations.append(Violation(check: check, step: step, detail: detail))
  }

  /// Hands every message due by now to the server or to its device.
  func deliverDue() async {
    for message in network.takeDue(now: clock.wall) {
      guard let web = devices[message.device] as? WebDevice else { continue }
      switch message.payload {
      case .request(let body):
        let (lost, twice) = network.fate(of: message)
        var answer: SimServer.Answer?
        // Half the losses happen before the server sees the call, half after it answered.
        let reachesServer = web.online && !(lost && message.number % 2 == 0)
        if reachesServer {
          answer = await web.post(body, self)
          if twice { answer = await web.post(body, self) }
        }
        if lost || !web.online { answer = nil }
        network.send(.reply(request: body, answer: answer), from: message.device, now: clock.wall)
      case .reply(let request, let answer):
        await web.receive(request: request, answer: answer, self)
      }
    }
  }

  /// Heals the network, brings every device online and syncs until nothing moves.
  func settle() async {
    network.heal()
    for device in devices where !device.online { await device.setOnline(true, self) }
    for _ in 0..<4 {
      clock.tick()
      for device in devices { await device.syncNow(self) }
      await drain()
    }
  }

  /// Delivers until nothing is in flight, letting time pass to each held-back message.
  func drain() async {
    var rounds = 0
    while let due = network.nextDue, rounds < 1000 {
      if due > clock.wall { clock.advance(milliseconds: due - clock.wall) }
      await deliverDue()
      rounds += 1
    }
  }
}
