import ArgumentParser
import HabitCore
import HabitSync

/// `habit logout`: revokes the token and forgets the sign-in; the local data stays.
struct LogoutCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "logout",
    abstract: "Sign out: revoke this client's token and stop syncing (local data stays).",
    discussion: """
      Examples:
        habit logout
      """)

  @OptionGroup var common: CommonOptions

  func execute(_ context: CLIContext) async throws(CLIError) {
    let account = try AccountFile.load(context.folder)
    let pending = try await context.snapshot().pending
    var revoked = true
    if !account.tokenID.isEmpty {
      do {
        _ = try await ServerClient(server: account.server, token: account.token)
          .send(.DELETE, "tokens/" + account.tokenID)
      } catch  where error.exit == .unauthorized {
        revoked = true
      } catch {
        revoked = false
      }
    }
    AccountFile.remove(from: context.folder)
    context.console.print("Signed out of \(account.server).")
    if !revoked {
      context.console.printError(
        "The server could not be reached, so the token still works there until you revoke it in the web app (Account)."
      )
    }
    if pending > 0 {
      context.console.printError(
        (pending == 1 ? "1 change was" : "\(pending) changes were")
          + " not synced yet; they stay here and sync after the next login.")
    }
  }
}
