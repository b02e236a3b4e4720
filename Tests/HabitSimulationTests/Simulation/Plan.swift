/// Everything a seed decides before the run starts: how hostile the network is, the steps, and
/// how the account's life ends. Steps name devices and habits by position, so a shrunk plan (steps
/// taken out) still runs.
struct Plan: Sendable {
  /// The devices, in order: two browsers, a terminal, a REST script.
  static let faces: [Face] = [.web, .web, .cli, .rest]

  var faults: SimNetwork.Faults
  var steps: [any SimStep]
  var epilogue: [any SimStep]

  init(faults: SimNetwork.Faults, steps: [any SimStep], epilogue: [any SimStep]) {
    self.faults = faults
    self.steps = steps
    self.epilogue = epilogue
  }

  /// The plan a seed makes: `length` steps drawn from one generator.
  init(seed: UInt64, length: Int = 24) {
    var random = SplitMix64.derived(seed, 1, 0)
    faults = SimNetwork.Faults(
      lose: random.int(0...25), duplicate: random.int(0...25),
      maximumDelay: Int64(random.int(0...4)) * 60_000)
    steps = (0..<length).map { _ in Self.step(&random) }
    switch random.int(0...3) {
    case 0: epilogue = [ChangePassword(device: 0), CLIChange(device: 2)]
    case 1: epilogue = [DeleteAccount(device: 0)]
    case 2:
      epilogue = [
        ExportBackup(device: 3), Advance(minutes: 30), ToggleDone(device: 0),
        ToggleSkip(device: 1, kind: .count), SyncNow(device: 0), SyncNow(device: 1),
        Advance(minutes: 5), ReplaceWithBackup(device: 3),
      ]
    default: epilogue = []
    }
  }

  /// One step: mostly a person's action, sometimes time passing or the network changing.
  static func step(_ random: inout SplitMix64) -> any SimStep {
    let device = random.int(0...faces.count - 1)
    let kinds: [SimHabit.Kind] = [.done, .count, .quantity]
    let kind = kinds[random.int(0...2)]
    switch random.int(0...99) {
    case 0..<14: return ToggleDone(device: device)
    case 14..<26: return CountStep(device: device, up: random.chance(75))
    case 26..<40: return LogAmount(device: device, thousandths: Int64(random.int(1...6)) * 250)
    case 40..<48: return ToggleSkip(device: device, kind: kind)
    case 48..<55: return WriteNote(device: device, kind: kind, note: "n\(random.int(1...99))")
    case 55..<59:
      return EditPlace(
        device: random.int(0...1), place: random.int(0...1), address: "Street \(random.int(1...99))"
      )
    case 59..<62: return MoveStartLater(device: random.int(0...1), kind: kind)
    case 62..<72: return SetOnline(device: device, online: random.chance(40))
    case 72..<80: return SyncNow(device: device)
    case 80..<91: return Advance(minutes: random.int(1...240))
    case 91..<93: return FailCommits(count: random.int(1...3), afterWriting: random.chance(50))
    case 93..<95: return RestartServer()
    default: return Advance(minutes: random.int(12...72) * 60)
    }
  }

  /// The plan as the trace a person reads.
  var trace: [String] {
    steps.enumerated().map { "\($0.offset): \($0.element.text)" }
      + epilogue.map { "epilogue: \($0.text)" }
  }
}
