import Foundation
import HabitServer
import HabitTestSupport
import Testing

/// Runs `habit serve` with `arguments` until it prints a line on stdout or ends; answers what it
/// printed on stdout and stderr.
private func serveOutput(_ arguments: [String]) async throws -> (output: String, errors: String) {
  let child = try ChildProcess(
    ServerProcess.executable, ["serve", "--port", "0", "--password-cost", "4"] + arguments,
    output: .capture, errors: .capture)
  let text = await child.output(containing: "\n", within: .seconds(60))
  child.send(SIGINT)
  if await child.exit(within: .seconds(10)) == nil { await child.kill() }
  return (text, child.errors)
}

@Suite struct StartUpLineTests {
  @Test func aDatabasePasswordIsShownAsStars() {
    let cases = [
      ("postgres://ann:secret@db:5432/habits", "postgres://ann:***@db:5432/habits"),
      ("postgresql://ann:p@ss/w0rd@db/habits", "postgresql://ann:***@db/habits"),
      ("postgres://ann@db:5432/habits", "postgres://ann@db:5432/habits"),
      ("postgres://db/habits", "postgres://db/habits"),
    ]
    for (url, shown) in cases {
      #expect(ServerConfiguration.redactingPassword(url) == shown)
    }
    var configuration = ServerConfiguration(dataDirectory: "/tmp/habitflow")
    configuration.databaseURL = "postgres://ann:secret@db/habits"
    #expect(configuration.databaseDescription == "PostgreSQL at postgres://ann:***@db/habits")
  }

  @Test func theStartUpLineNeverPrintsTheDatabasePassword() async throws {
    guard let url = ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"],
      let password = URLComponents(string: url)?.password
    else {
      if ProcessInfo.processInfo.environment["CI"] != nil {
        Issue.record("HABITFLOW_TEST_POSTGRES_URL (with a password) is not set")
      }
      return
    }
    let (line, _) = try await serveOutput(["--database-url", url, "--log-level", "warning"])
    #expect(line.contains("is running at"), "\(line)")
    #expect(!line.contains(":\(password)@") && line.contains(":***@"), "\(line)")
  }

  @Test func aStartUpErrorNeverPrintsTheDatabasePassword() async throws {
    let (_, errors) = try await serveOutput([
      "--database-url", "postgres://ann:s3cret@db:port/habits",
    ])
    #expect(!errors.isEmpty)
    #expect(!errors.contains("s3cret"), "\(errors)")
  }
}
