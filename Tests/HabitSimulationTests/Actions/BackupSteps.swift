import HabitCore
import HabitSync

/// The person downloads a backup (GET /export) once everything has synced.
struct ExportBackup: SimStep {
  let device: Int
  var text: String { "device \(device): download a backup" }

  func run(_ world: World) async {
    guard let rest = world.device(device) as? RESTDevice,
      let answer = await rest.call("GET", "export", world), answer.ok
    else { return }
    world.backup = (answer.text, world.model.snapshot())
  }
}

/// The person restores that backup with "Replace everything": the preview must say, in words,
/// every day the account has now that the backup will take away.
struct ReplaceWithBackup: SimStep {
  let device: Int
  var text: String { "device \(device): import the backup, replacing everything" }

  func run(_ world: World) async {
    guard let rest = world.device(device) as? RESTDevice, let (file, saved) = world.backup
    else { return }
    var before: [String: SeenEntry] = [:]
    for habit in world.habits {
      for day in world.model.days(habit.id) {
        before[habit.id.rawValue + "/" + day.iso] = await rest.entry(habit.id, day, world)
      }
    }
    guard
      let preview = await rest.call(
        "POST", "import?mode=replace&preview=true&name=backup.json", json: file, world),
      preview.ok, let summary = (try? JSONParser.parse(preview.text))?["preview"]["summary"].string,
      let imported = await rest.call(
        "POST", "import?mode=replace&name=backup.json", json: file, world), imported.ok
    else { return }
    world.model.restore(saved)
    var lost: [String] = []
    for habit in world.habits {
      for day in world.model.days(habit.id) {
        let key = habit.id.rawValue + "/" + day.iso
        let old = before[key] ?? SeenEntry()
        if !old.isEmpty && old != world.model.entry(habit.id, day) { lost.append(key) }
      }
    }
    let words = summary.lowercased()
    let told =
      words.contains("\(lost.count) day") || words.contains("removed") || words.contains("erased")
      || words.contains("lost")
    if !lost.isEmpty && !told {
      world.report(
        .replaceSaysWhatGoes,
        "replacing with the backup takes away \(lost.count) days (\(lost.joined(separator: ", "))); "
          + "the preview says: \(summary)")
    }
  }
}

/// The person merges that backup into the account: what it holds comes back, and what the
/// account gained since it was made stays.
struct MergeWithBackup: SimStep {
  let device: Int
  var text: String { "device \(device): import the backup, merging it" }

  func run(_ world: World) async {
    guard let rest = world.device(device) as? RESTDevice, let (file, saved) = world.backup,
      let preview = await rest.call(
        "POST", "import?mode=merge&preview=true&name=backup.json", json: file, world),
      preview.ok,
      let imported = await rest.call(
        "POST", "import?mode=merge&name=backup.json", json: file, world), imported.ok
    else { return }
    world.model.merge(saved)
    world.tally("merge a backup", on: rest.face)
  }
}
