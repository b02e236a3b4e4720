import HTTPTypes
import HabitCore
import HabitInterop
import HabitStore
import HabitSync
import Hummingbird
import NIOCore

/// A person's data in and out: import any supported file (preview first, then all or nothing
/// through the account's workspace, as REST edits go), the versioned backup and the CSV export.
struct DataRoutes {
  let services: HabitServices

  func add(to router: RouterGroup<HabitRequestContext>) {
    router.post("import", use: importFile)
    router.get("export", use: export)
    router.get("export.csv", use: exportCSV)
  }

  private static let modes: [(String, ImportMode)] = [("merge", .merge), ("replace", .replace)]

  @Sendable func importFile(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let mode = try request.queryChoice("mode", Self.modes) ?? .merge
    let preview = try request.queryBool("preview") ?? false
    let name = request.uri.queryParameters.get("name").map { String($0) } ?? "upload"
    let declared = request.headers[.contentLength].flatMap { Int($0) }
    if let declared, declared > ImportLimits.uploadBytes { throw Self.tooLarge(declared) }
    do {
      return try await services.imports.withTurn(bytes: declared ?? ImportLimits.uploadBytes) {
        try await importFile(request, context: context, mode: mode, preview: preview, name: name)
      }
    } catch is ImportGate.Busy {
      throw APIError(
        status: .serviceUnavailable, code: "busy",
        message: "The server is importing other files just now. Please try again in a minute.",
        headers: [.retryAfter: "30"])
    }
  }

  /// One import, read and applied while it holds its turn at the gate.
  private func importFile(
    _ request: Request, context: HabitRequestContext, mode: ImportMode, preview: Bool,
    name: String
  ) async throws -> Response {
    let upload = ImportFile(path: name, bytes: try await Self.body(request))
    let today = services.today(request)
    let (document, settings) = try await Self.read(upload, today: today)
    let workspace = try await services.workspace(context)
    if preview {
      let json = try await workspace.read { tracker, _ in
        JSON.object([
          ("preview", ImportJSON.preview(ImportPreview(document, tracker: tracker, mode: mode)))
        ])
      }
      return JSONResponse.make(json)
    }
    // Years of history commit longer than a request's database deadline allows.
    let summary = try await workspace.edit(large: true) { replica, wall in
      do throws(ImportError) {
        let summary = try replica.apply(document, mode: mode, wall: wall, today: today)
        replica.restore(settings, wall: wall)
        return summary
      } catch {
        throw Self.refusal(error)
      }
    }
    return JSONResponse.make(
      .object([
        ("format", .string(document.format.rawValue)), ("summary", ImportJSON.summary(summary)),
      ]))
  }

  /// The request's bytes, refusing more than an import reads (413; a declared length is
  /// refused before the gate).
  private static func body(_ request: Request) async throws -> [UInt8] {
    let limit = ImportLimits.uploadBytes
    do {
      return Array(try await request.body.collect(upTo: limit).readableBytesView)
    } catch {
      throw tooLarge(nil)
    }
  }

  private static func tooLarge(_ size: Int?) -> APIError {
    let message =
      size.map { ImportLimits.uploadTooLarge("The upload", size: $0).message }
      ?? "The file is larger than " + String(ImportLimits.uploadBytes / 1_000_000)
      + " MB; HabitFlow imports files up to that size."
    return APIError(status: .contentTooLarge, code: "too_large", message: message)
  }

  private static func refusal(_ error: ImportError) -> APIError {
    APIError.invalid("import_failed", error.description)
  }

  /// The upload's document (a Loop database read with SQLite here, everything else through the
  /// front door) and, for a HabitFlow backup, the settings it restores.
  private static func read(_ upload: ImportFile, today: Day) async throws
    -> (ImportDocument, [BackupSetting])
  {
    // Unzipped and parsed on threads of their own (a Loop database is read on its reader's).
    let parsed = try await ImportThreads.pool.runIfActive { () -> Result<Parsed, ImportError> in
      do throws(ImportError) {
        let files = try Importer.files(upload)
        if let database = files.first(where: { Importer.isDatabase($0.bytes) }) {
          return .success(.database(database))
        }
        let (document, settings) = try Importer.contents(files, today: today)
        return .success(.document(document, settings))
      } catch {
        return .failure(error)
      }
    }
    do {
      switch try parsed.get() {
      case .document(let document, let settings): return (document, settings)
      case .database(let database):
        return (try await LoopDatabaseReader.document(database.bytes, name: database.path), [])
      }
    } catch {
      throw refusal(error)
    }
  }

  /// What an upload's files read as off the cooperative pool.
  private enum Parsed: Sendable {
    case document(ImportDocument, [BackupSetting])
    case database(ImportFile)
  }

  @Sendable func export(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let wall = services.clock.now()
    let bytes = try await services.workspace(context).read { _, replica in
      Backup.document(of: replica, exportedAt: wall)
    }
    return Self.attachment(
      bytes, type: "application/json; charset=utf-8",
      filename: "habitflow-backup-" + services.today(request).iso + ".json")
  }

  @Sendable func exportCSV(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let bytes = try await services.workspace(context).read { tracker, _ in
      CSVExport.csv(of: tracker)
    }
    return Self.attachment(
      bytes, type: "text/csv; charset=utf-8",
      filename: "habitflow-" + services.today(request).iso + ".csv")
  }

  private static func attachment(_ bytes: [UInt8], type: String, filename: String) -> Response {
    Response(
      status: .ok,
      headers: [
        .contentType: type, .cacheControl: "no-store",
        .contentDisposition: "attachment; filename=\"" + filename + "\"",
      ],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}
