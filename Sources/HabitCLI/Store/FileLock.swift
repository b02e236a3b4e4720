import Foundation

/// An exclusive lock on a file in the data folder, so a background sync and a command never
/// save the replica over each other. Held from loading the replica until it is saved.
final class FileLock {
  private let descriptor: Int32

  init(path: String) throws(CLIError) {
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw CLIError(
        "Could not open \(path): \(String(cString: strerror(errno)))", code: "data_folder",
        exit: .failure)
    }
    while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
