import Foundation
import HabitCLI
import HabitCore
import Testing

/// Questions are asked before the replica is locked, and what was agreed to is checked again
/// under the lock.
@Suite struct ConfirmationTests {
  /// Runs `habit <arguments>` while another process would hold the replica's lock (as a
  /// background sync does), and says whether it finished within 10 s without it.
  static func finishesWhileLocked(
    _ cli: CLIHarness, _ arguments: [String], answers: [String]
  ) async throws -> CLIHarness.Outcome? {
    let descriptor = open(cli.folder.lock, O_RDWR | O_CREAT, 0o600)
    try #require(descriptor >= 0)
    // flock locks belong to the open file, so this one excludes the command's own open.
    try #require(flock(descriptor, LOCK_EX) == 0)
    let result = Finished()
    let command = Task { result.set(await cli.run(arguments, answers: answers)) }
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, result.outcome == nil {
      try await Task.sleep(for: .milliseconds(20))
    }
    let finished = result.outcome
    flock(descriptor, LOCK_UN)
    close(descriptor)
    await command.value
    return finished
  }

  /// The outcome of a command run in a task, once it has one.
  final class Finished: @unchecked Sendable {
    private let lock = NSLock()
    private var value: CLIHarness.Outcome?

    var outcome: CLIHarness.Outcome? { lock.withLock { value } }

    func set(_ outcome: CLIHarness.Outcome) {
      lock.withLock { value = outcome }
    }
  }

  @Test func noToRemovingIsAnsweredWhileASyncHoldsTheReplica() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read", "--start", "2026-11-01")
    await cli.succeed("add", "Music", "--category", "Self")
    await cli.succeed("done", "read", "--date", "2026-11-02")
    let rm = try await Self.finishesWhileLocked(cli, ["rm", "read"], answers: ["n"])
    #expect(rm?.status == 7)
    #expect(rm?.errors.contains("Delete \"Read\" and its 1 days of history?") == true)
    let edit = try await Self.finishesWhileLocked(
      cli, ["edit", "read", "--start", "2026-11-05"], answers: ["n"])
    #expect(edit?.status == 7)
    #expect(edit?.errors.contains("drops 1 earlier check-ins") == true)
    let category = try await Self.finishesWhileLocked(
      cli, ["categories", "rm", "Self"], answers: ["n"])
    #expect(category?.status == 7)
    #expect(try await cli.storedTracker().habits.count == 2)
  }

  @Test func aHabitThatChangedWhileThePersonDecidedIsNotRemoved() async throws {
    let cli = CLIHarness()
    await cli.succeed("add", "Read")
    let seen = try Data(contentsOf: URL(fileURLWithPath: cli.folder.snapshot))
    await cli.succeed("edit", "read", "--title", "Reading aloud")
    // What the question was asked on: the state before the edit, as if a sync then renamed it.
    try seen.write(to: URL(fileURLWithPath: cli.folder.snapshot))
    let outcome = await cli.run("rm", "read", answers: ["y"])
    #expect(outcome.status == 3)
    #expect(outcome.errors.contains("changed while you were deciding"))
    #expect(try await cli.storedTracker().habits.values.map(\.title) == ["Reading aloud"])
    // Asked again on the state as it now is, the same answer deletes it.
    try FileManager.default.removeItem(atPath: cli.folder.snapshot)
    await cli.succeed("rm", "read", answers: ["y"])
    #expect(try await cli.storedTracker().habits.isEmpty)
  }
}
