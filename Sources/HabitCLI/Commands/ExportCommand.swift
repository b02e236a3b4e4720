import ArgumentParser
import Foundation
import HabitCore
import HabitInterop
import HabitSync

/// `habit export`: the versioned JSON backup (or a CSV for spreadsheets).
struct ExportCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a HabitFlow backup (JSON, every field and day) or a CSV.",
    discussion: """
      The backup is the one the web app downloads (docs/backup-format.md); `habit import` restores \
      it. The CSV has one row per habit and day with a value, note or skip.

      Examples:
        habit export > habitflow-backup.json
        habit export --output backup.json
        habit export --csv --output habits.csv
      """)

  @OptionGroup var common: CommonOptions
  @Flag(help: "CSV instead of the JSON backup.") var csv = false
  @Option(help: "Write to this file instead of standard output.", completion: .file())
  var output: String?

  func execute(_ context: CLIContext) async throws(CLIError) {
    let bytes: [UInt8]
    if csv {
      bytes = CSVExport.csv(of: try await context.snapshot().tracker)
    } else {
      let wall = context.wall()
      bytes = try await LocalReplica.edit(context.folder, today: context.today, wall: wall) {
        session throws(CLIError) in
        Backup.document(of: try await session.replica(), exportedAt: wall)
      }
    }
    guard let output else {
      context.console.write(String(decoding: bytes, as: UTF8.self), error: false)
      return
    }
    guard FileManager.default.createFile(atPath: output, contents: Data(bytes)) else {
      throw CLIError("Could not write \(output).", code: "file_unwritable", exit: .failure)
    }
    context.console.printError("Wrote \(output).")
  }
}
