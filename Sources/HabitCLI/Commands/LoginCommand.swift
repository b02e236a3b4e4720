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
      The password is sent once to get a personal API token, which is kept in the data folder
      (cli-account.json, readable only by you); the password is never stored. The first sync
      follows at once.

      Examples:
        habit login https://habits.example.org
        habit login http://127.0.0.1:8080 --email me@example.org
        printf '%s\\n' "$PASSWORD" | habit login https://habits.example.org --email me@example.org
      """)

  @OptionGroup var common: CommonOptions
  @Argument(help: "The server's address.") var server: String
  @Option(help: "Your email (asked when left out).") var email: String?

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
    let device = ProcessInfo.processInfo.hostName
    let created = try await signedIn.send(
      .POST, "tokens",
      body: .object([("name", .string(String(("habit CLI on " + device).prefix(60))))]))
    guard let token = ServerClient.string(created, "token") else {
      throw CLIError("The server did not issue a token.", code: "bad_response", exit: .unreachable)
    }
    _ = try? await signedIn.send(.DELETE, "sessions/current")
    try AccountFile(
      server: anonymous.server, email: email, token: token,
      tokenID: ServerClient.string(created, "id") ?? ""
    ).save(in: context.folder)
    console.print("Signed in to \(anonymous.server) as \(email).")
    let outcome = try await SyncRun.run(context, progress: ProgressBar.make(console, enabled: true))
    console.print("Synced: \(outcome.pushed) changes sent, \(outcome.pulled) received.")
  }
}
