import HabitCore
import HabitInterop
import HabitSync

/// The web app's "Your data" requests: every importer (zip, Loop's CSV, Beaver, Table Habit,
/// harsh, HabitFlow backups) and both exports, run on the app's own replica. Only the module
/// loaded on demand links them (`hf_data`), so they work offline and signed out without adding
/// to the first load. An import is one change of the replica, made whole or not at all, then
/// saved and synced like any other edit.
public enum DataHost {
  /// Answers a request with a chosen file's bytes beside it:
  /// - `{t: "importFile", mode, name, preview, server, now, today}`: the file read and
  ///   previewed, or imported into the replica, and the page as any message answers it (the
  ///   preview, the result or why the file was refused on the panel); `{needsServer: true}`
  ///   alone, changing nothing, when only the server can read it (a Loop database) and `server`
  ///   says it can be reached.
  /// - `{t: "export", csv, now, today}`: the download's file name and text, or `{error}`.
  public static func handle(_ text: String, file: [UInt8], host: inout AppHost) -> String {
    do throws(WireError) {
      var message = try JSONObjectReader(try MessageText(text).json, path: "message")
      let type = try message.string("t")
      let wall = try message.integer("now")
      guard let today = Day(iso: try message.string("today")) else {
        throw WireError.invalidValue(path: "message.today", reason: "not a date")
      }
      switch type {
      case "export":
        guard let replica = host.state?.replica else { return failure("The app has not started.") }
        return try message.bool("csv")
          ? download("habitflow-" + today.iso + ".csv", CSVExport.csv(of: replica.tracker))
          : download(
            "habitflow-backup-" + today.iso + ".json",
            Backup.document(of: replica, exportedAt: wall))
      case "importFile":
        let request = ImportRequest(
          mode: (try? message.string("mode")) == "replace" ? .replace : .merge,
          name: (try? message.string("name")) ?? "upload",
          preview: try message.bool("preview"),
          server: (try? message.bool("server")) ?? false)
        let contents: ImportContents
        switch read(file, request, today: today) {
        case .read(let read): contents = read
        case .needsServer: return #"{"needsServer":true}"#
        case .refused(let reason):
          return host.update(now: wall, today: today) { state in
            state.dataImport.failed(reason)
            return []
          }
        }
        return host.update(now: wall, today: today) { state in
          request.preview
            ? preview(contents, request, into: &state)
            : importing(contents, request, into: &state, wall: wall, today: today)
        }
      default:
        throw WireError.invalidValue(path: "message.t", reason: "unknown request " + type)
      }
    } catch {
      return failure(error.message)
    }
  }

  private struct ImportRequest {
    let mode: ImportMode
    let name: String
    let preview: Bool
    let server: Bool
  }

  private typealias ImportContents = (document: ImportDocument, settings: [BackupSetting])

  private enum Reading {
    case read(ImportContents)
    case needsServer
    case refused(String)
  }

  /// The file's documents, or why they cannot be read here. A Loop database (alone or zipped)
  /// is read by the server, where it can be reached.
  private static func read(_ file: [UInt8], _ request: ImportRequest, today: Day) -> Reading {
    var database = false
    do throws(ImportError) {
      let files = try Importer.files(ImportFile(path: request.name, bytes: file))
      database = files.contains { Importer.isDatabase($0.bytes) }
      return .read(try Importer.contents(files, today: today))
    } catch {
      return database && request.server ? .needsServer : .refused(error.description)
    }
  }

  /// Counts what the file would change. A preview for a file or mode no longer on screen
  /// (cancelled, changed) is dropped.
  private static func preview(
    _ contents: ImportContents, _ request: ImportRequest, into state: inout AppState
  ) -> [AppEffect] {
    guard state.dataImport.phase == .uploading else { return [] }
    let counted = ImportPreview(
      contents.document, tracker: state.replica.tracker, mode: request.mode)
    do throws(WireError) {
      try state.dataImport.preview(ImportJSON.preview(counted))
    } catch {
      state.dataImport.failed(error.message)
    }
    return []
  }

  /// Applies the file to a copy of the replica, which replaces it only when every part
  /// applied: a refused file changes nothing. A large import is saved as the whole replica.
  private static func importing(
    _ contents: ImportContents, _ request: ImportRequest, into state: inout AppState, wall: Int64,
    today: Day
  ) -> [AppEffect] {
    guard state.dataImport.phase == .applying else { return [] }
    var replica = state.replica
    let summary: ImportSummary
    do throws(ImportError) {
      summary = try replica.apply(contents.document, mode: request.mode, wall: wall, today: today)
    } catch {
      state.dataImport.failed(error.description)
      return []
    }
    replica.restore(contents.settings, wall: wall)
    // Each change made here took a number, and they were queued last.
    let made = replica.nextChangeNumber - state.replica.nextChangeNumber
    do throws(WireError) {
      try state.dataImport.imported(ImportJSON.summary(summary))
    } catch {
      state.dataImport.failed(error.message)
      return []
    }
    if Snapshot.isLarge(summary.changes, beside: replica) {
      state.unsaved.rewriteWhole()
    } else {
      state.unsaved.note(Array(replica.outbox.suffix(made)), inOutbox: true)
    }
    state.replica = replica
    return [.persist, .sync]
  }

  private static func failure(_ message: String) -> String {
    JSONWriter.write(.object([("error", .string(message))]))
  }

  private static func download(_ name: String, _ bytes: [UInt8]) -> String {
    JSONWriter.write(
      .object([
        ("name", .string(name)), ("text", .string(String(decoding: bytes, as: UTF8.self))),
      ]))
  }
}
