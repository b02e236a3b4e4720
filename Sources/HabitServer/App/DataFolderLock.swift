import Foundation
import Logging
import Synchronization

/// The SQLite data folder one server holds: created private (0700), its database files made
/// private (0600) and found writable, and `habitflow.lock` locked for as long as the server
/// runs, so a second server on the folder refuses to start instead of disagreeing with the
/// first about the data, and a file SQLite cannot write never crashes the server (SIGBUS).
/// `habit backup` takes no lock: it reads a snapshot beside the running server.
final class DataFolderLock: Sendable {
  static let fileName = "habitflow.lock"

  let folder: String
  private let descriptor: Mutex<Int32?>

  /// Prepares `folder` for the database at `database` and locks it; a `StartUpError` names the
  /// folder or file and the reason when it cannot be used.
  init(folder: String, database: String, logger: Logger) throws(StartUpError) {
    self.folder = folder
    try Self.create(folder)
    let lock = try Self.lock(folder)
    descriptor = Mutex(lock)
    try Self.check(folder: folder, database: database, logger: logger)
  }

  deinit {
    release()
  }

  /// Lets another server have the folder (after the database is closed).
  func release() {
    descriptor.withLock { descriptor in
      if let open = descriptor { close(open) }
      descriptor = nil
    }
  }

  /// Makes the folder (0700) and its missing parents, or says why not.
  private static func create(_ folder: String) throws(StartUpError) {
    var status = stat()
    if stat(folder, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw StartUpError("the data folder \(folder) is not a folder")
      }
      return
    }
    guard makeFolder(folder, mode: 0o700) else {
      throw StartUpError("cannot create the data folder \(folder): \(reason())")
    }
  }

  private static func makeFolder(_ path: String, mode: mode_t) -> Bool {
    if mkdir(path, mode) == 0 || errno == EEXIST { return true }
    guard errno == ENOENT else { return false }
    let parent = (path as NSString).deletingLastPathComponent
    guard !parent.isEmpty, parent != path, makeFolder(parent, mode: 0o755) else { return false }
    return mkdir(path, mode) == 0 || errno == EEXIST
  }

  /// Opens and locks `habitflow.lock` (without waiting), and writes this process's id in it for
  /// the next server's refusal to name.
  private static func lock(_ folder: String) throws(StartUpError) -> Int32 {
    let path = folder + "/" + fileName
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      throw StartUpError("cannot write in the data folder \(folder): \(fileName): \(reason())")
    }
    var result = flock(descriptor, LOCK_EX | LOCK_NB)
    while result != 0 && errno == EINTR { result = flock(descriptor, LOCK_EX | LOCK_NB) }
    guard result == 0 else {
      let failure = errno
      let holder = processID(in: descriptor)
      close(descriptor)
      guard failure == EWOULDBLOCK else {
        throw StartUpError("cannot lock \(path): \(String(cString: strerror(failure)))")
      }
      throw StartUpError(
        "another habit serve\(holder.map { " (pid \($0))" } ?? "") is using the data folder "
          + "\(folder); stop it or give this one its own --data-dir")
    }
    fchmod(descriptor, 0o600)
    let line = Array("\(getpid())\n".utf8)
    if ftruncate(descriptor, 0) == 0 {
      _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }
    return descriptor
  }

  /// The process id the lock's holder wrote, if it is there.
  private static func processID(in descriptor: Int32) -> Int32? {
    var bytes = [UInt8](repeating: 0, count: 16)
    let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    return Int32(String(decoding: bytes.prefix(count), as: UTF8.self).prefix { $0 != "\n" })
  }

  /// Makes the database and SQLite's files beside it private and checks SQLite can write them
  /// and the folder: an immutable (`chattr +i`) or read-only file would otherwise fail later,
  /// or crash the process when SQLite maps the `-shm` file. A new database file is made here,
  /// private, so the `-wal` and `-shm` files SQLite makes take its mode.
  private static func check(folder: String, database: String, logger: Logger) throws(StartUpError) {
    guard access(folder, R_OK | W_OK | X_OK) == 0 else {
      throw StartUpError("cannot write in the data folder \(folder): \(reason())")
    }
    var status = stat()
    if stat(folder, &status) == 0, status.st_mode & 0o077 != 0 {
      logger.warning(
        "The data folder is open to other users; its database files are private (0600).",
        metadata: [
          "folder": "\(folder)", "mode": "\(String(status.st_mode & 0o777, radix: 8))",
          "fix": "chmod 700 \(folder)",
        ])
    }
    for suffix in ["", "-wal", "-shm", "-journal"] {
      let path = database + suffix
      guard lstat(path, &status) == 0 else {
        guard errno == ENOENT else { throw StartUpError("cannot read \(path): \(reason())") }
        if suffix.isEmpty { try createPrivately(path) }
        continue
      }
      guard status.st_mode & S_IFMT == S_IFREG else {
        throw StartUpError("\(path) is not a regular file")
      }
      if status.st_mode & 0o077 != 0, chmod(path, 0o600) != 0 {
        logger.warning(
          "Could not make a database file private (0600).",
          metadata: ["file": "\(path)", "reason": "\(reason())"])
      }
      let descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
      guard descriptor >= 0 else { throw StartUpError("cannot write \(path): \(reason())") }
      close(descriptor)
    }
  }

  private static func createPrivately(_ path: String) throws(StartUpError) {
    let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw StartUpError("cannot create \(path): \(reason())") }
    close(descriptor)
  }

  /// The last system call's failure, as `strerror` says it.
  private static func reason() -> String {
    String(cString: strerror(errno))
  }
}
