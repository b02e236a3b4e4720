import Foundation
import HabitStore
import HabitSync
import HabitTestSupport
import Testing

/// Kills a process that is writing to an SQLite store with SIGKILL, again and again, and checks
/// that every batch it acknowledged before dying is in the file.
@Suite struct CrashDurabilityTests {
  /// The writer tool is built next to the test binary.
  private static var writerPath: String {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return executable.deletingLastPathComponent().appendingPathComponent("HabitStoreCrashWriter")
      .path
  }

  @Test func everyAcknowledgedBatchSurvivesSIGKILL() async throws {
    let path = TestDatabase.temporaryPath()
    let account = "crash"
    var acknowledged = Set<Int>()
    var nextBatch = 0
    for round in 0..<8 {
      let writer = try ChildProcess(
        Self.writerPath, [path, account, String(nextBatch)], output: .capture)
      // Let it write for a while (varying, so the kill lands at different points).
      try await Task.sleep(for: .milliseconds(150 + 60 * round))
      #expect(await writer.kill() == .signalled(SIGKILL))
      let batches = writer.output.split(separator: "\n").compactMap { line in
        line.hasPrefix("ack ") ? Int(line.dropFirst(4)) : nil
      }
      acknowledged.formUnion(batches)
      nextBatch = (batches.max() ?? nextBatch) + 1_000
    }
    #expect(acknowledged.count > 8, "the writer acknowledged too little to test anything")
    // Each batch writes 20 fields of its own: all 20 of every acknowledged batch must be there.
    let state = try await withStore(path) { try await $0.state(account: account) }
    var rowsPerBatch: [Int: Int] = [:]
    for change in state {
      if let batch = Int(change.key.dropFirst().prefix { $0 != "-" }) {
        rowsPerBatch[batch, default: 0] += 1
      }
    }
    let missing = acknowledged.filter { rowsPerBatch[$0] != 20 }
    #expect(missing.isEmpty, "acknowledged batches missing after SIGKILL: \(missing.sorted())")
  }
}
