import Foundation

/// Once every device has synced, every face shows the same numbers (issue 26, loss 7: one rule
/// per behaviour): today's count, each habit's streaks and strength, and the statistics; and a
/// face's ring counts today as its own statistics do.
enum FiguresMatchAcrossFaces {
  static func run(_ world: World) async {
    var first: (name: String, figures: SeenFigures)?
    for device in world.devices {
      let figures = await device.figures(world)
      world.figures[device.name] = figures
      // A face that could not be read would agree with anything: that is a finding too.
      let missing = world.habits.filter {
        figures.habits[$0.id] == nil && !world.model.deleted.contains($0.id)
      }.map(\.title)
      if !missing.isEmpty || figures.today == nil || figures.bestStreak == nil {
        world.report(
          .figuresAgree,
          "\(device.name) shows no figures for \(missing.isEmpty ? "today" : missing.joined(separator: ", "))"
        )
      }
      if ProcessInfo.processInfo.environment["SIMULATION_FIGURES"] == "1" {
        print("\(device.name): \(figures)")
      }
      if let ring = figures.ring, let counted = figures.statisticsToday, ring != counted {
        world.report(
          .dayCountedAlike,
          "\(device.name) shows today as \(ring) but its statistics count \(counted)")
      }
      guard let reference = first else {
        first = (device.name, figures)
        continue
      }
      for difference in figures.differences(from: reference.figures) {
        world.report(
          .figuresAgree, "\(device.name) and \(reference.name) differ on \(difference)")
      }
    }
  }
}
