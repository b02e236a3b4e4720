import ArgumentParser
import Foundation
import HabitCore
import HabitSync

/// `habit login URL`: signs in with email and password and keeps a personal token.
struct LoginCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "login",
    abstract: "Sign in to a HabitFlow server and sync with it.",
    discussion: """
      The password is sent once to get a personal API token, which is kept in the data folder \
      (cli-account.json, readable only by you); the password is never stored. The first sync \
      follows at once: habits made here before the first login go into the account.

      The folder's data belongs to the account it first synced with. Signing in to another \
      account (or server) asks first, then starts the folder over with that account's habits and \
      keeps the old data in a file beside it; nothing made here is sent to the other account. \
      To use two accounts, give each its own folder with --data-dir.

      Examples:
        habit login https://habits.example.org
        habit login http://127.0.0.1:8080 --email me@example.org
        habit login https://habits.example.org --data-dir ~/habitflow-work
        printf '%s\\n' "$PASSWORD" | habit login https://habits.example.org --email me@example.org
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The server's address.") var server: String
  @Option(help: "Your email (asked when left out).") var email: String?
  @Flag(help: "Do not ask before starting over with another account's habits.") var yes = false

  func execute(_ context: CLIContext) async throws(CLIError) {
    try ServerClient.validate(server)
    let console = context.console
    var email = self.email
    if email == nil {
      console.write("Email: ", error: true)
      email = console.readLine()
    }
    guard let email, !email.isEmpty else {
      throw CLIError("Give your email.", code: "missing_email", exit: .usage)
    }
    guard let password = console.readSecret("Password: "), !password.isEmpty else {
      throw CLIError("Give your password.", code: "missing_password", exit: .usage)
    }
    let anonymous = ServerClient(server: server, token: nil)
    let session = try await anonymous.send(
      .POST, "sessions",
      body: .object([("email", .string(email)), ("password", .string(password))]))
    guard let sessionToken = ServerClient.string(session, "token") else {
      throw CLIError(
        "The server did not start a session.", code: "bad_response", exit: .unreachable)
    }
    let signedIn = ServerClient(server: server, token: sessionToken)
    var account: JSON = .null
    if case .object(let members) = session, let value = members.first(where: { $0.0 == "account" })
    {
      account = value.1
    }
    let owner = ReplicaOwner(
      server: anonymous.server, accountID: ServerClient.string(account, "id") ?? "", email: email)
    let previous = try await previousOwner(context, signingInAs: owner)
    if let previous {
      let pending = try await context.snapshot().pending
      let unsynced =
        pending == 0
        ? "" : pending == 1 ? " (1 change not synced yet)" : " (\(pending) changes not synced yet)"
      guard
        yes
          || console.confirm(
            "The habits here belong to \(previous)\(unsynced). Start this folder over with the "
              + "habits of \(owner.description)? The old data is kept in a file in \(context.folder.path)."
          )
      else {
        _ = try? await signedIn.send(.DELETE, "sessions/current")
        throw CLIError(
          "Nothing changed and nothing was sent. To use both accounts, give each its own folder: "
            + "habit login \(anonymous.server) --data-dir <folder>", code: "cancelled",
          exit: .cancelled)
      }
    }
    let device = ProcessInfo.processInfo.hostName
    let created = try await signedIn.send(
      .POST, "tokens",
      body: .object([("name", .string(String(("habit CLI on " + device).prefix(60))))]))
    guard let token = ServerClient.string(created, "token") else {
      throw CLIError("The server did not issue a token.", code: "bad_response", exit: .unreachable)
    }
    _ = try? await signedIn.send(.DELETE, "sessions/current")
    let file = AccountFile(
      server: anonymous.server, email: email, token: token,
      tokenID: ServerClient.string(created, "id") ?? "")
    let folder = context.folder
    if previous != nil {
      let kept = try LocalReplica.setAside(folder, wall: context.wall()) { () throws(CLIError) in
        try file.save(in: folder)
        try owner.save(in: folder)
      }
      if let kept { console.print("The previous habits are kept in \(kept).") }
    } else {
      try file.save(in: folder)
      try owner.save(in: folder)
    }
    console.print("Signed in to \(anonymous.server) as \(email).")
    let outcome = try await SyncRun.run(context, progress: ProgressBar.make(console, enabled: true))
    console.print("Synced: \(outcome.pushed) changes sent, \(outcome.pulled) received.")
  }

  /// Who the folder's data belongs to when that is someone other than `owner` (nil when it is
  /// `owner`, or nobody yet).
  private func previousOwner(_ context: CLIContext, signingInAs owner: ReplicaOwner)
    async throws(CLIError) -> String?
  {
    let ownership = try await ReplicaOwner.ownership(context.folder) { () async throws(CLIError) in
      try await LocalReplica.edit(context.folder, today: context.today, wall: context.wall()) {
        $0.cursor
      }
    }
    switch ownership {
    case .nobody: return nil
    case .account(let previous): return previous.isSame(as: owner) ? nil : previous.description
    case .unknown: return "an account this folder synced with before"
    }
  }
}
