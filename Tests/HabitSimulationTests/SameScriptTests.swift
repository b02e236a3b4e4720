import Testing

/// One rule per behaviour, shown by running one script of a person's days three times: through
/// the web app alone, the command line alone and the REST API alone. Every run must end with the
/// same numbers on every face (today's count, each habit's streaks and strength, the
/// statistics), whichever face the actions went through.
@Suite struct SameScriptTests {
  /// Three days of check-ins, counts, amounts, a skip and notes, with midnight crossed, all on
  /// the device at `device`.
  static func script(on device: Int) -> [any SimStep] {
    let day: [any SimStep] = [
      ToggleDone(device: device), CountStep(device: device, up: true),
      CountStep(device: device, up: true), LogAmount(device: device, thousandths: 750),
      LogAmount(device: device, thousandths: 1_250),
      WriteNote(device: device, kind: .done, note: "felt good"),
    ]
    return day + [Advance(minutes: 24 * 60)] + day
      + [
        CountStep(device: device, up: false), Advance(minutes: 24 * 60),
        ToggleSkip(device: device, kind: .count), LogAmount(device: device, thousandths: 500),
        ToggleDone(device: device), ToggleDone(device: device), ToggleDone(device: device),
      ]
  }

  @Test func theSameActionsThroughWebCLIAndRESTShowTheSameNumbers() async throws {
    var seen: [(face: Face, figures: SeenFigures)] = []
    for (device, face) in Plan.faces.enumerated() where device != 1 {
      let plan = Plan(faults: SimNetwork.Faults(), steps: Self.script(on: device), epilogue: [])
      let outcome = try await Simulation.run(seed: 26, plan: plan)
      #expect(outcome.violations.isEmpty, "through \(face): \(outcome.violations)")
      // After the sync every device of the run shows the same figures (checked in the run);
      // the one that acted stands for them.
      let figures = try #require(outcome.figures["\(face.rawValue)-\(device)"])
      #expect(figures.today != nil && !figures.habits.isEmpty, "through \(face)")
      seen.append((face, figures))
    }
    let (reference, others) = (seen[0], seen.dropFirst())
    for other in others {
      #expect(
        other.figures.differences(from: reference.figures).isEmpty,
        "through \(other.face) against \(reference.face): \(other.figures.differences(from: reference.figures))"
      )
    }
  }
}
