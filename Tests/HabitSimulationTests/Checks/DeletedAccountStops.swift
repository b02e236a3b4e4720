import HabitCore

/// After the account is deleted on one device, every other device that hears of it stops
/// syncing and tells the person, instead of keeping a full copy as if nothing happened.
enum DeletedAccountStops {
  static func run(_ world: World) async {
    guard world.accountDeleted else { return }
    for device in world.devices {
      switch device {
      case let web as WebDevice:
        guard !web.forgotten, let state = web.state, !state.tracker.habits.isEmpty else { continue }
        if state.account.message == nil && state.notice == nil {
          world.report(
            .deletedAccountStops,
            "\(web.name) keeps \(state.tracker.habits.count) habits of the deleted account "
              + "and says nothing")
        }
      case let cli as CLIDevice:
        let outcome = await cli.run(["today"], world)
        let said = (outcome.output + outcome.errors).lowercased()
        if outcome.status == 0 && !said.contains("deleted") {
          world.report(
            .deletedAccountStops,
            "\(cli.name): `habit today` works on the deleted account's copy and says nothing")
        }
      default: continue
      }
    }
  }
}
