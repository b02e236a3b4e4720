public import HabitCore
public import HabitInterop

/// A failure a person reads on standard error, with the machine-readable code the other faces
/// use and an exit status scripts can test.
public struct CLIError: Error, Hashable, Sendable, CustomStringConvertible {
  public let message: String
  public let code: String
  public let exit: ExitStatus

  public init(_ message: String, code: String, exit: ExitStatus) {
    self.message = message
    self.code = code
    self.exit = exit
  }

  /// A HabitCore rule's refusal, in its own words.
  public init(_ error: HabitError) {
    self.init(
      error.message, code: error.code, exit: error == .habitNotFound ? .notFound : .refused)
  }

  public init(_ error: ImportError) {
    self.init(error.description, code: "import_failed", exit: .refused)
  }

  public var description: String { message }
}

/// The exit statuses, documented in `habit --help`.
public enum ExitStatus: Int32, Hashable, Sendable {
  case success = 0
  /// Something else went wrong (a file could not be read or written).
  case failure = 1
  /// The command line itself was wrong (the parser's own status).
  case usage = 2
  /// A rule refused the input: nothing was saved.
  case refused = 3
  /// No habit or category matches, or several do.
  case notFound = 4
  /// The server could not be reached or answered with an error.
  case unreachable = 5
  /// Not signed in, or the server refused the sign-in.
  case unauthorized = 6
  /// The person answered no to a confirmation.
  case cancelled = 7
}
