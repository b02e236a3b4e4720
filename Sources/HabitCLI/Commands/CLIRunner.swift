public import ArgumentParser

/// Runs client commands: first says what background syncs could not do, then prints a failure on
/// standard error in the person's words and leaves with its exit status.
public enum CLIRunner {
  public static func execute(_ command: some CLICommand, in context: CLIContext) async throws {
    if (command as? SyncCommand)?.background != true { BackgroundSyncReport.tell(context) }
    let status = await status(in: context) { () async throws(CLIError) in
      try await command.execute(context)
    }
    if status != ExitStatus.success.rawValue { throw ExitCode(status) }
  }

  /// The exit status for the parser's `code`: its usage failure (64) is the documented 2.
  public static func status(ofParser code: ExitCode) -> Int32 {
    code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
  }

  /// Runs `body`; its failure goes to standard error and becomes the exit status.
  static func status(
    in context: CLIContext, _ body: () async throws(CLIError) -> Void
  ) async -> Int32 {
    do {
      try await body()
      return ExitStatus.success.rawValue
    } catch {
      context.console.printError("habit: " + error.message)
      return error.exit.rawValue
    }
  }

  /// Parses `arguments` as `habit` would (the client's commands only) and runs them in
  /// `context`; the exit status. Used by tests and by nothing that has a real terminal.
  public static func run(_ arguments: [String], in context: CLIContext) async -> Int32 {
    do {
      let command = try ClientRoot.parseAsRoot(arguments)
      guard let client = command as? any CLICommand else {
        context.console.print(ClientRoot.helpMessage(for: type(of: command)))
        return 0
      }
      try await execute(client, in: context)
      return 0
    } catch let exit as ExitCode {
      return exit.rawValue
    } catch {
      let code = ClientRoot.exitCode(for: error)
      let message = ClientRoot.fullMessage(for: error)
      if code == .success {
        context.console.print(message)
      } else {
        context.console.printError(message)
      }
      return status(ofParser: code)
    }
  }
}

/// The client's commands under one root, for `CLIRunner.run` (the `habit` executable has its own
/// root that adds `serve`).
struct ClientRoot: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "habit", subcommands: HabitCLI.commands)
}
