import Foundation
import HabitTestSupport
import Testing

/// The tests' one way to run a child process: awaiting it never holds a thread of Swift's
/// cooperative pool (two on a 2-core machine), and a daemon it starts cannot hide its end.
@Suite struct ChildProcessTests {
  @Test func manyChildrenAreAwaitedAtOnce() async throws {
    let started = ContinuousClock.now
    try await withThrowingTaskGroup(of: ChildProcess.Termination.self) { group in
      for _ in 0..<8 {
        group.addTask { try await ChildProcess("sleep", ["3"]).exit() }
      }
      for try await termination in group { #expect(termination == .exited(0)) }
    }
    let took = ContinuousClock.now - started
    // Eight three-second waits each holding one of the pool's two threads would take twelve
    // seconds (and stop every other test meanwhile); awaited off the pool they overlap.
    #expect(took < .seconds(9), "\(took)")
  }

  @Test func aCommandWhoseDaemonOutlivesItIsSeenToEnd() async throws {
    // Like `pg_ctlcluster restart`: the command ends at once, the server it started runs on.
    let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-daemon-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: pidFile) }
    let command = try ChildProcess("/bin/sh", ["-c", "sleep 30 & echo $! > \(pidFile)"])
    let ended = await command.exit(within: .seconds(10))
    #expect(ended == .exited(0), "the command's end was not seen while its daemon ran")
    let daemon = try String(contentsOfFile: pidFile, encoding: .utf8)
    if let pid = Int32(daemon.trimmingCharacters(in: .whitespacesAndNewlines)) {
      kill(pid, SIGKILL)
    }
  }

  @Test func outputAndStatusOfACommandAreKept() async throws {
    let outcome = try await ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
    #expect(outcome.termination == .exited(3))
    #expect(outcome.output == "out\n" && outcome.errors == "err\n")
    let killed = try ChildProcess("sleep", ["30"])
    #expect(await killed.kill() == .signalled(SIGKILL))
  }
}
