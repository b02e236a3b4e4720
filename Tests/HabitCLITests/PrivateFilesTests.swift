import Foundation
import HabitTestSupport
import Testing

/// What `habit` writes holds someone's habits: the client's data folder and every file in it are
/// readable by their owner only, as the server's are.
@Suite struct PrivateFilesTests {
  @Test func theClientsDataFolderAndItsFilesArePrivate() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-private-\(UUID().uuidString)"
    ).path
    for arguments in [["add", "Read"], ["done", "Read"], ["list"]] {
      let outcome = try await ChildProcess.run(Tmux.habit, arguments + ["--data-dir", folder])
      #expect(outcome.succeeded, "habit \(arguments): \(outcome.errors)")
    }
    #expect(try mode(folder) == 0o700)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(files.contains("cli-replica.sqlite") && files.contains("cli-snapshot.bin"), "\(files)")
    for file in files {
      #expect(try mode(folder + "/" + file) == 0o600, "\(file)")
    }
  }

  private func mode(_ path: String) throws -> mode_t {
    var status = stat()
    guard stat(path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
    return status.st_mode & 0o777
  }
}
