import ArgumentParser
import HabitCore
import HabitSync

/// `habit sync`: sends the changes made here and receives the ones made elsewhere.
struct SyncCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Send this replica's changes to the server and receive everyone else's.",
    discussion: """
      After `habit login`, every command that changes something also syncs in the background; \
      `habit sync` does it now and says how it went. What a background sync could not do (a \
      change the server refused, a server out of reach) is said by the next command.

      Examples:
        habit sync
        habit sync --json

      JSON: {"sent","received","refused":[{"change","code","message"}],"pending"}
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var output: OutputOptions
  @Flag(help: .hidden) var background = false

  func execute(_ context: CLIContext) async throws(CLIError) {
    if background {
      do {
        let outcome = try await SyncRun.run(context, progress: nil)
        BackgroundSyncReport.record(failure: nil, refused: outcome.refused, in: context.folder)
      } catch {
        BackgroundSyncReport.record(failure: error, refused: [], in: context.folder)
      }
      return
    }
    let outcome = try await SyncRun.run(
      context, progress: ProgressBar.make(context.console, enabled: !output.json))
    if output.json {
      context.printJSON(
        .object([
          ("sent", HabitJSON.int(outcome.pushed)), ("received", HabitJSON.int(outcome.pulled)),
          (
            "refused",
            .array(
              outcome.refused.map {
                .object([
                  ("change", .string($0.changeID)), ("code", .string($0.code)),
                  ("message", .string($0.message)),
                ])
              })
          ),
          ("pending", HabitJSON.int(outcome.pending)),
        ]))
      return
    }
    context.console.print(
      "Synced: \(outcome.pushed) changes sent, \(outcome.pulled) received.")
    for refusal in outcome.refused { context.console.printError(SyncRun.sentence(refusal)) }
  }
}
