import HabitCore

/// After the network heals and every device syncs, every face shows every day as the model
/// says: each difference reported under the rule it breaks (amount, count, mark, skip, note).
enum EntriesMatchModel {
  static func run(_ world: World) async {
    for habit in world.habits {
      for day in world.model.days(habit.id) where !world.model.isExplained(habit.id, day) {
        let expected = world.model.entry(habit.id, day)
        for device in world.devices {
          let seen = await device.entry(habit.id, day, world)
          guard seen != expected else { continue }
          if seen.skipped && seen.thousandths > 0 {
            world.report(
              .neverSkippedAndDone,
              "\(device.name) shows \(habit.title) on \(day.iso) as \(describe(seen))")
            world.model.explain(habit.id, day)
            break
          }
          let shown = "\(device.name) shows \(habit.title) on \(day.iso) as \(describe(seen)); "
          let detail = shown + "the model says \(describe(expected))"
          if seen.thousandths != expected.thousandths {
            switch habit.kind {
            case .quantity: world.report(.amountsAddUp, detail)
            case .count: world.report(.countsAddUp, detail)
            case .done: world.report(.checkInsKept, detail)
            }
          } else if seen.skipped != expected.skipped {
            world.report(.skipsKept, detail)
          } else {
            world.report(.notesKept, detail)
          }
        }
      }
    }
  }

  static func describe(_ entry: SeenEntry) -> String {
    var parts = [Amount(thousandths: entry.thousandths).text]
    if entry.skipped { parts.append("skipped") }
    if !entry.note.isEmpty { parts.append("note \"\(entry.note)\"") }
    return parts.joined(separator: ", ")
  }
}
