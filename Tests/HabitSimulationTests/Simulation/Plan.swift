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
        Advance(minutes: 5),
        random.chance(50)
          ? MergeWithBackup(device: 3) as any SimStep : ReplaceWithBackup(device: 3),
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
    case 0..<13: return ToggleDone(device: device, evening: random.chance(25))
    case 13..<24: return CountStep(device: device, up: random.chance(75))
    case 24..<36: return LogAmount(device: device, thousandths: Int64(random.int(1...6)) * 250)
    case 36..<43: return ToggleSkip(device: device, kind: kind)
    case 43..<49: return WriteNote(device: device, kind: kind, note: "n\(random.int(1...99))")
    case 49..<52:
      return EditPlace(
        device: random.int(0...1), place: random.int(0...1), address: "Street \(random.int(1...99))"
      )
    case 52..<55: return MoveStartLater(device: random.int(0...1), kind: kind)
    case 55..<59: return editField(device: device, kind: kind, &random)
    case 59..<61:
      // A pause of a few recent days, or resuming the whole last week (where skips are).
      let resume = random.chance(40)
      return PauseDays(
        device: random.int(0...1), kind: kind, back: resume ? 6 : random.int(0...6),
        length: resume ? 6 : random.int(0...3), resume: resume)
    case 61..<63: return MoveHabit(device: device, kind: kind, position: random.int(0...2))
    case 63..<72: return SetOnline(device: device, online: random.chance(40))
    case 72..<80: return SyncNow(device: device)
    case 80..<89: return Advance(minutes: random.int(1...240))
    case 89..<91: return DeleteCategory(device: device)
    case 91..<93:
      return FailCommits(
        count: random.int(1...3),
        mode: [.beforeWriting, .afterWriting, .pastDeadline][random.int(0...2)])
    case 93..<95: return RestartServer()
    default: return Advance(minutes: random.int(12...72) * 60)
    }
  }

  /// A new title, description, emoji or colour for one habit, from a few of each (so two
  /// devices often write the same field).
  static func editField(device: Int, kind: SimHabit.Kind, _ random: inout SplitMix64)
    -> EditHabitField
  {
    let field: EditHabitField.Field = [.title, .description, .emoji, .color][random.int(0...3)]
    let value: String
    switch field {
    case .title: value = ["Read", "Push-ups", "Water"][random.int(0...2)] + " \(random.int(1...9))"
    case .description: value = "Why \(random.int(1...9))"
    case .emoji: value = ["📚", "💧", "🏃", "🧘"][random.int(0...3)]
    case .color: value = ["#E74C3C", "#3498DB", "#2ECC71", "#9B59B6"][random.int(0...3)]
    }
    return EditHabitField(
      device: device, kind: kind, field: field, value: value,
      evening: kind == .done && random.chance(50))
  }

  /// The plan as the trace a person reads.
  var trace: [String] {
    steps.enumerated().map { "\($0.offset): \($0.element.text)" }
      + epilogue.map { "epilogue: \($0.text)" }
  }
}
