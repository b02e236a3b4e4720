/// Why the server cannot start, in one line an operator can act on: `habit serve` prints it and
/// exits with status 1 instead of a backtrace or a raw socket error.
public struct StartUpError: Error, Equatable, CustomStringConvertible {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
