public import Hummingbird
public import Logging
import ServiceLifecycle

/// Runs the server until SIGTERM or SIGINT. Shutdown lets requests in flight finish, but never for
/// long: past the grace period they are cancelled, and a task that ignores cancellation ends the
/// process, so a stop always takes under ten seconds.
public func runServer(_ app: some ApplicationProtocol, logger: Logger) async throws {
  var configuration = ServiceGroupConfiguration(
    services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
  configuration.maximumGracefulShutdownDuration = .seconds(7)
  configuration.maximumCancellationDuration = .seconds(2)
  try await ServiceGroup(configuration: configuration).run()
}
