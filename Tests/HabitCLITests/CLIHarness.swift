import Foundation
import HabitCLI
import HabitCore
import HabitStore
import HabitSync
import HabitTestSupport
import Testing

/// A data folder of its own and a fixed day, against which `habit` commands run in-process.
struct CLIHarness {
  let folder: DataFolder
  var today: Day

  init(today: Day = Day(iso: "2026-11-23")!) {
    folder = DataFolder(
      path: FileManager.default.temporaryDirectory.appendingPathComponent(
        "habitflow-cli-\(UUID().uuidString)"
      ).path)
    self.today = today
  }

  struct Outcome: Sendable {
    let status: Int32
    let output: String
    let errors: String
  }

  /// Runs `habit <arguments>`, answering questions with `answers`.
  @discardableResult
  func run(_ arguments: String..., answers: [String] = []) async -> Outcome {
    await run(arguments, answers: answers)
  }

  func run(_ arguments: [String], answers: [String] = []) async -> Outcome {
    let console = Console.capturing(answers: answers)
    let context = CLIContext(folder: folder, console: console, today: today)
    let status = await CLIRunner.run(arguments, in: context)
    return Outcome(status: status, output: console.output, errors: console.errors)
  }

  /// Runs a command that must succeed and returns what it printed.
  @discardableResult
  func succeed(
    _ arguments: String..., answers: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> String {
    let outcome = await run(arguments, answers: answers)
    #expect(
      outcome.status == 0, "habit \(arguments.joined(separator: " ")): \(outcome.errors)",
      sourceLocation: sourceLocation)
    return outcome.output
  }

  /// The tracker as the replica in SQLite holds it (not the snapshot).
  func storedTracker() async throws -> Tracker {
    try await storedReplica().tracker
  }

  func storedReplica() async throws -> Replica {
    try await HabitTestSupport.withStore(folder.database) { store in
      try await ReplicaStore(store: store).load(newDevice: "unused")
    }
  }
}
