import HabitCore
import HabitSync

extension CLIContext {
  /// The tracker as last saved, for read commands.
  func snapshot() async throws(CLIError) -> TrackerSnapshot {
    try await LocalReplica.snapshot(folder)
  }

  /// Edits the replica and saves it; when signed in, a background sync follows (never waited
  /// for, so a server that is down costs nothing here).
  func change<Result: Sendable>(
    _ body: (inout ReplicaSession) async throws(CLIError) -> Result
  ) async throws(CLIError) -> Result {
    let result = try await LocalReplica.edit(folder, today: today, wall: wall(), body)
    if AccountFile.exists(in: folder) { startBackgroundSync(folder) }
    return result
  }

  var style: Style { Style(colors: console.colors, symbols: console.symbols) }

  func printJSON(_ json: JSON) {
    console.print(WireCodec.encode(json))
  }
}
