import HabitCore

/// After every device syncs, every face shows each habit's title, description, emoji, colour
/// and order as the latest edit of each field left it, and no face shows a deleted habit.
enum HabitsMatchModel {
  static func run(_ world: World) async {
    for habit in world.habits {
      if world.model.deleted.contains(habit.id) {
        for device in world.devices where await device.habit(habit.id, world) != nil {
          world.report(
            .deletesStay, "\(device.name) shows \(habit.title), whose category was deleted")
        }
        continue
      }
      guard let expected = world.model.habits[habit.id] else { continue }
      for device in world.devices {
        guard let seen = await device.habit(habit.id, world) else {
          world.report(.habitFieldsKept, "\(device.name) shows no habit \(habit.title)")
          continue
        }
        let differences = seen.differences(from: expected)
        guard !differences.isEmpty else { continue }
        world.report(
          .habitFieldsKept,
          "\(device.name) shows \(habit.title) with " + differences.joined(separator: ", "))
      }
    }
  }
}
