import Foundation
import HabitServer
import Testing

/// Runs `habit serve` with `arguments` until it prints a line on stdout or ends; answers what it
/// printed on stdout and stderr.
private func serveOutput(_ arguments: [String]) throws -> (output: String, errors: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: ServerProcess.executable)
  process.arguments = ["serve", "--port", "0", "--password-cost", "4"] + arguments
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  var text = ""
  let deadline = Date().addingTimeInterval(60)
  while !text.contains("\n") && Date() < deadline {
    let data = output.fileHandleForReading.availableData
    if data.isEmpty { break }
    text += String(decoding: data, as: UTF8.self)
  }
  if process.isRunning { process.interrupt() }
  process.waitUntilExit()
  let errorText = String(
    decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  return (text, errorText)
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

  @Test func theStartUpLineNeverPrintsTheDatabasePassword() throws {
    guard let url = ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"],
      let password = URLComponents(string: url)?.password
    else {
      if ProcessInfo.processInfo.environment["CI"] != nil {
        Issue.record("HABITFLOW_TEST_POSTGRES_URL (with a password) is not set")
      }
      return
    }
    let (line, _) = try serveOutput(["--database-url", url, "--log-level", "warning"])
    #expect(line.contains("is running at"), "\(line)")
    #expect(!line.contains(":\(password)@") && line.contains(":***@"), "\(line)")
  }

  @Test func aStartUpErrorNeverPrintsTheDatabasePassword() throws {
    let (_, errors) = try serveOutput(["--database-url", "postgres://ann:s3cret@db:port/habits"])
    #expect(!errors.isEmpty)
    #expect(!errors.contains("s3cret"), "\(errors)")
  }
}
