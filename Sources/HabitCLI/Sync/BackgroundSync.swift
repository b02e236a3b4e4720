import Foundation

/// Starts `habit sync --background` as a detached process of this same executable, its output
/// discarded: the command that made a change returns at once, and a server that is down or
/// slow costs it nothing.
enum BackgroundSync {
  static func start(_ folder: DataFolder) {
    guard let executable = Bundle.main.executablePath else { return }
    let arguments = [executable, "sync", "--background", "--data-dir", folder.path]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // POSIX_SPAWN_SETSID (glibc's 0x80, not imported into Swift): the sync outlives a closed
    // terminal and its signals.
    posix_spawnattr_setflags(&attributes, 0x80)
    let pointers = arguments.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    var process: pid_t = 0
    _ = posix_spawn(&process, executable, &actions, &attributes, pointers, environ)
  }
}
