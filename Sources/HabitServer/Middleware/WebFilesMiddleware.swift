import Hummingbird

/// Serves the web app's files for addresses the routes do not know, but never for the API: an
/// API address always gets the API's own answer (a `..` in an id is a habit that does not exist,
/// not a file path to refuse).
struct WebFilesMiddleware<Context: RequestContext>: RouterMiddleware {
  private let files: FileMiddleware<Context, LocalFileSystem>

  init(directory: String) {
    files = FileMiddleware(directory, searchForIndexHtml: true)
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if request.uri.path.hasPrefix("/api/") { return try await next(request, context) }
    return try await files.handle(request, context: context, next: next)
  }
}
