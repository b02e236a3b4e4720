import Foundation
import HabitTestSupport
import Testing

/// `habit serve` on what it cannot use: each refusal is one line on standard error and exit
/// status 1, never a second server on the same data, a backtrace or a crash.
@Suite struct StartUpRefusalTests {
  /// A fresh data folder's path (not created).
  static func newFolder() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-refusal-\(UUID().uuidString)"
    ).path
  }

  /// Runs `habit serve` with `arguments` (and `environment` before it) and answers how it ended
  /// and its standard error; a server that starts anyway is stopped and answers nil.
  static func refusal(
    _ arguments: [String], environment: [String] = []
  ) async throws -> (termination: ChildProcess.Termination, errors: String)? {
    let serve =
      [ServerProcess.executable, "serve", "--password-cost", "4", "--log-level", "warning"]
      + arguments
    let child = try ChildProcess(
      "/usr/bin/env", environment + serve, output: .capture, errors: .capture)
    guard let termination = await child.exit(within: .seconds(60)) else {
      await child.kill()
      return nil
    }
    if child.output.contains("is running at") { return nil }
    return (termination, child.errors)
  }

  /// Expects `habit serve` to refuse with exit status 1 and one line holding `words`.
  static func expectRefused(
    _ arguments: [String], environment: [String] = [], saying words: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let refusal = try await refusal(arguments, environment: environment)
    guard let refusal else {
      Issue.record("habit serve started", sourceLocation: sourceLocation)
      return
    }
    #expect(refusal.termination == .exited(1), "\(refusal.errors)", sourceLocation: sourceLocation)
    let lines = refusal.errors.split(separator: "\n")
    #expect(lines.count == 1, "\(refusal.errors)", sourceLocation: sourceLocation)
    #expect(
      refusal.errors.hasPrefix("habit serve: ") && refusal.errors.contains(words),
      "\(refusal.errors)", sourceLocation: sourceLocation)
  }

  @Test func aSecondServerOnTheSameFolderIsRefusedAndTheFirstKeepsServing() async throws {
    let folder = Self.newFolder()
    try await ServerProcess.running(dataDirectory: folder) { first in
      try await Self.expectRefused(
        ["--port", "0", "--data-dir", folder], saying: "is using the data folder \(folder)")
      try await withHTTPClient { client in
        let api = API(client: client, base: first.url)
        _ = try await api.register("first@example.org")
      }
      #expect(first.isRunning)
    }
    // Once the first has stopped, the folder is free again.
    try await ServerProcess.running(dataDirectory: folder) { again in
      try await withHTTPClient { client in
        _ = try await API(client: client, base: again.url).login("first@example.org")
      }
    }
  }

  @Test func anSQLiteFileNamedByDatabaseURLIsLockedInItsOwnFolder() async throws {
    let folder = Self.newFolder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = folder + "/shared.sqlite"
    try await ServerProcess.running(
      dataDirectory: Self.newFolder(), databaseURL: "sqlite://" + file
    ) { _ in
      try await Self.expectRefused(
        ["--port", "0", "--data-dir", Self.newFolder(), "--database-url", file],
        saying: "is using the data folder \(folder)")
    }
  }

  @Test func aPortInUseIsRefusedInOneLine() async throws {
    try await ServerProcess.running(dataDirectory: Self.newFolder()) { first in
      let port = try #require(first.url.split(separator: ":").last.map(String.init))
      try await Self.expectRefused(
        ["--port", port, "--data-dir", Self.newFolder()],
        saying: "cannot listen on 127.0.0.1:\(port): the port is in use")
    }
  }

  @Test func aHostThisMachineDoesNotHaveIsRefusedInOneLine() async throws {
    try await Self.expectRefused(
      ["--host", "192.0.2.1", "--port", "0", "--data-dir", Self.newFolder()],
      saying: "cannot listen on 192.0.2.1:0")
  }

  @Test func aTrustedProxyThatIsNotAnAddressOrARangeIsRefusedByName() async throws {
    for value in ["proxy.example.org", "10.0.0.0/33", "127.0.0.1:8080", "garbage"] {
      try await Self.expectRefused(
        ["--port", "0", "--data-dir", Self.newFolder(), "--trusted-proxy", value],
        saying: "--trusted-proxy takes IP addresses and CIDR ranges")
      try await Self.expectRefused(
        ["--port", "0", "--data-dir", Self.newFolder()],
        environment: ["HABITFLOW_TRUSTED_PROXY=127.0.0.1, \(value)"],
        saying: "HABITFLOW_TRUSTED_PROXY takes IP addresses and CIDR ranges (127.0.0.1, "
          + "10.0.0.0/8, ::1, fd00::/8), not \"\(value)\"")
    }
  }

  @Test func theDatabaseFilesArePrivateAndOlderOnesAreMadePrivate() async throws {
    let folder = Self.newFolder()
    try await ServerProcess.running(dataDirectory: folder) { server in
      try await withHTTPClient { client in
        _ = try await API(client: client, base: server.url).register("ann@example.org")
      }
      #expect(try Self.mode(folder) == 0o700)
      for file in [
        "habitflow.sqlite", "habitflow.sqlite-wal", "habitflow.sqlite-shm", "habitflow.lock",
      ] {
        #expect(try Self.mode(folder + "/" + file) == 0o600, "\(file)")
      }
    }
    // A folder an older version left readable: its files are made private at start.
    chmod(folder, 0o755)
    for file in ["habitflow.sqlite", "habitflow.sqlite-wal", "habitflow.sqlite-shm"] {
      chmod(folder + "/" + file, 0o644)
    }
    try await ServerProcess.running(dataDirectory: folder) { _ in
      for file in ["habitflow.sqlite", "habitflow.sqlite-wal", "habitflow.sqlite-shm"] {
        let mode = try Self.mode(folder + "/" + file)
        #expect(mode == 0o600, "\(file)")
      }
    }
  }

  @Test(
    .enabled(StartUpRefusalTests.unwritableSkip) {
      await StartUpRefusalTests.canMakeFilesUnwritable()
    })
  func anUnwritableDataFolderIsRefusedInOneLine() async throws {
    let folder = try await Self.folderWithADatabase()
    try await Self.withImmutable([folder]) {
      try await Self.expectRefused(
        ["--port", "0", "--data-dir", folder], saying: "cannot write in the data folder \(folder)")
    }
  }

  @Test(
    .enabled(StartUpRefusalTests.unwritableSkip) {
      await StartUpRefusalTests.canMakeFilesUnwritable()
    })
  func unwritableDatabaseFilesAreRefusedInOneLineNotACrash() async throws {
    let folder = try await Self.folderWithADatabase()
    for file in ["habitflow.sqlite", "habitflow.sqlite-shm"] {
      let path = folder + "/" + file
      if !FileManager.default.fileExists(atPath: path) {
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
      }
      try await Self.withImmutable([path]) {
        try await Self.expectRefused(
          ["--port", "0", "--data-dir", folder], saying: "cannot write \(path)")
      }
    }
  }

  @Test func aDataFolderThatCannotBeCreatedIsRefusedInOneLine() async throws {
    let file = Self.newFolder()
    #expect(FileManager.default.createFile(atPath: file, contents: Data("not a folder".utf8)))
    try await Self.expectRefused(
      ["--port", "0", "--data-dir", file + "/data"], saying: "cannot create the data folder")
    try await Self.expectRefused(
      ["--port", "0", "--data-dir", file], saying: "is not a folder")
  }

  /// A data folder holding a database a server made and left (its -wal and -shm included).
  static func folderWithADatabase() async throws -> String {
    let folder = newFolder()
    let server = try await ServerProcess(dataDirectory: folder)
    try await withHTTPClient { client in
      _ = try await API(client: client, base: server.url).register("ann@example.org")
    }
    await server.kill()
    return folder
  }

  /// Why the unwritable-file tests are skipped, shown in the run's output when they are.
  static let unwritableSkip = Comment(
    rawValue: "as root only chattr +i makes a file unwritable, and it is not permitted here "
      + "(it needs CAP_LINUX_IMMUTABLE and a file system with the attribute, such as ext4)")

  /// Whether files can be made unwritable here: as root only by `chattr +i` (tried on a file of
  /// the temporary folder), as anyone else by read-only modes.
  static func canMakeFilesUnwritable() async -> Bool {
    guard getuid() == 0 else { return true }
    let probe = newFolder()
    guard FileManager.default.createFile(atPath: probe, contents: Data()) else { return false }
    defer { try? FileManager.default.removeItem(atPath: probe) }
    guard let set = try? await ChildProcess.run("chattr", ["+i", probe]), set.succeeded else {
      return false
    }
    _ = try? await ChildProcess.run("chattr", ["-i", probe])
    return true
  }

  /// Runs `body` with `paths` immutable (`chattr +i`, as root) or read-only (as anyone else),
  /// then makes them writable again. (The tests that call it run only where this can be done.)
  static func withImmutable(_ paths: [String], _ body: () async throws -> Void) async throws {
    let asRoot = getuid() == 0
    for path in paths {
      if asRoot {
        let outcome = try await ChildProcess.run("chattr", ["+i", path])
        guard outcome.succeeded else {
          Issue.record("chattr +i \(path) failed: \(outcome.errors)")
          try await writable(paths, asRoot: asRoot)
          return
        }
      } else {
        var status = stat()
        stat(path, &status)
        chmod(path, status.st_mode & 0o555)
      }
    }
    do {
      try await body()
    } catch {
      try await writable(paths, asRoot: asRoot)
      throw error
    }
    try await writable(paths, asRoot: asRoot)
  }

  private static func writable(_ paths: [String], asRoot: Bool) async throws {
    for path in paths {
      if asRoot {
        _ = try await ChildProcess.run("chattr", ["-i", path])
      } else {
        var status = stat()
        stat(path, &status)
        chmod(path, status.st_mode | 0o200)
      }
    }
  }

  static func mode(_ path: String) throws -> mode_t {
    var status = stat()
    guard stat(path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
    return status.st_mode & 0o777
  }
}
