import Foundation
public import Hummingbird
public import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Runs the server until SIGTERM or SIGINT. Shutdown lets requests in flight finish, but never for
/// long: past the grace period they are cancelled, and a task that ignores cancellation ends the
/// process, so a stop always takes under ten seconds. An address it cannot listen on (a port in
/// use, a host it does not have) is a `StartUpError` naming `address`.
public func runServer(_ app: some ApplicationProtocol, address: String, logger: Logger) async throws
{
  var configuration = ServiceGroupConfiguration(
    services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
  configuration.maximumGracefulShutdownDuration = .seconds(7)
  configuration.maximumCancellationDuration = .seconds(2)
  do {
    try await ServiceGroup(configuration: configuration).run()
  } catch {
    throw StartUpError(listeningOn: address, error) ?? error
  }
}

/// Binds the configured host and port once and lets go, so an address the server cannot listen
/// on is refused before the database or any service opens (and nothing is left to close).
func checkListening(_ configuration: ServerConfiguration) async throws {
  do {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
      .bind(host: configuration.host, port: configuration.port).get()
    try await channel.close()
  } catch {
    throw StartUpError(listeningOn: configuration.listeningAddress, error) ?? error
  }
}

extension StartUpError {
  /// The line for a failure to listen on `address`; nil when `error` is not one.
  init?(listeningOn place: String, _ error: any Error) {
    switch error {
    case let error as IOError where error.errnoCode == EADDRINUSE:
      self.init("cannot listen on \(place): the port is in use (another server?)")
    case let error as IOError where error.description.hasPrefix("bind("):
      self.init("cannot listen on \(place): \(String(cString: strerror(error.errnoCode)))")
    case is SocketAddressError:
      self.init("cannot listen on \(place): no such address on this machine")
    default:
      return nil
    }
  }
}
