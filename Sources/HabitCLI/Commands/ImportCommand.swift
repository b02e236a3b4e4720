import ArgumentParser
import HabitCore
import HabitInterop
import HabitSync

/// `habit import FILE`: another tracker's export or a HabitFlow backup, previewed, then applied
/// all or nothing.
struct ImportCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract:
      "Import from Loop (CSV zip or .db), Beaver, Table Habit, harsh or a HabitFlow backup.",
    discussion: """
      Shows what the file holds and what maps only approximately, then asks (--yes to skip the \
      question). All or nothing; importing the same file again adds nothing. --replace makes the \
      data exactly the file's (a backup restore); the default adds to what is here.

      Examples:
        habit import ~/Downloads/Loop\\ Habits\\ CSV\\ 2026-11-01.zip
        habit import habits.db --yes
        habit import habitflow-backup-2026-11-23.json --replace
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The file to import.", completion: .file()) var file: String
  @Flag(help: "Replace everything here with the file's data instead of adding to it.")
  var replace = false
  @Flag(help: "Do not ask before importing.") var yes = false

  func execute(_ context: CLIContext) async throws(CLIError) {
    let console = context.console
    let progress = ProgressBar.make(console, enabled: true)
    progress?.update(done: 0, total: 4, label: "reading the file")
    let (document, settings) = try await ImportReading.read(file, today: context.today)
    let mode: ImportMode = replace ? .replace : .merge
    progress?.update(done: 1, total: 4, label: "reading the replica")
    var shown = false
    let summary = try await context.change(
      asking: !yes, declined: "Nothing was imported.",
      look: { tracker throws(CLIError) in
        let preview = ImportPreview(document, tracker: tracker, mode: mode)
        if !shown {
          progress?.finish()
          show(preview, format: document.format, on: console)
          shown = true
        }
        return (preview, replace ? "Replace your data with this?" : "Import this?")
      },
      apply: { session, _ throws(CLIError) in
        progress?.update(done: 2, total: 4, label: "applying")
        let wall = session.wall
        return try await session.edit { replica throws(CLIError) in
          let before = Set(replica.outbox.map { $0.id })
          do throws(ImportError) {
            let summary = try replica.apply(document, mode: mode, wall: wall, today: context.today)
            replica.restore(settings, wall: wall)
            progress?.update(done: 3, total: 4, label: "saving")
            return (summary, replica.outbox.filter { !before.contains($0.id) })
          } catch {
            throw CLIError(error)
          }
        }
      })
    progress?.finish()
    console.print(
      "Imported: " + HabitText.count(summary.habitsAdded, "habit")
        + " added, \(summary.habitsUpdated) updated, \(summary.habitsDeleted) deleted, "
        + HabitText.count(summary.daysWritten, "day") + " written"
        + (summary.daysCleared > 0
          ? ", " + HabitText.count(summary.daysCleared, "day") + " emptied." : "."))
  }

  private func show(_ preview: ImportPreview, format: ImportFormat, on console: Console) {
    console.print("From \(format.rawValue): " + preview.summary)
    if preview.deletedHabits > 0 {
      console.print(
        "Replacing deletes " + HabitText.count(preview.deletedHabits, "habit")
          + " that " + (preview.deletedHabits == 1 ? "is" : "are") + " not in the file.")
    }
    for approximation in preview.approximations {
      console.print("  " + approximation.habitTitle + ": " + approximation.message)
    }
  }
}
