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
      // The web app and the CLI show today's ring; REST has only the statistics' count of it.
      let ring = device.face == .rest ? figures.statisticsToday : figures.ring
      var unread = missing
      if ring == nil { unread.append("today") }
      if figures.bestStreak == nil { unread.append("the best streak") }
      if figures.perfectDays == nil { unread.append("perfect days") }
      if figures.completions == nil { unread.append("completions") }
      if !unread.isEmpty {
        world.report(
          .figuresAgree, "\(device.name) shows no figures for " + unread.joined(separator: ", "))
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
