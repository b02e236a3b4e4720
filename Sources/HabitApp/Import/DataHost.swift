public import HabitCore
public import HabitInterop
public import HabitSync

/// The web app's data module: every importer (zip, Loop's CSV, Beaver, Table Habit, harsh,
/// HabitFlow backups) and both exports, in a second module the shell loads only when a person
/// opens Your data, so they work offline and signed out without adding to the first load. It
/// works on a copy of the app's replica; an import answers with the changes it made, which the
/// app adopts as its own edits.
public enum DataHost {
  /// Answers `{t: "preview" | "apply" | "export", mode, csv, name, today, now, snapshot}`, a
  /// chosen file's bytes beside it: the preview (`ImportPreview` in openapi.json); the summary
  /// and the change number to continue from, with the changes to adopt on the lines after it in
  /// parts of `partSize` (each a JSON array, which the shell hands on without parsing) — or, for
  /// an import large beside the replica, the whole replica on the next three lines
  /// (`Snapshot.lines`), with `whole` naming the version of the copy it was made on; or the
  /// export's file name and text. The snapshot's field states and outbox come on lines of the
  /// message (`MessageText`). `{error}` says why a file was refused (`needsServer` when the
  /// server could read it: a Loop database).
  public static func handle(_ text: String, file: [UInt8]) -> String {
    do throws(DataFailure) {
      let message: MessageText
      do throws(WireError) {
        message = try MessageText(text)
      } catch {
        throw DataFailure(message: error.message)
      }
      return try answer(message, file: file)
    } catch {
      var members: [(String, JSON)] = [("error", .string(error.message))]
      if error.needsServer { members.append(("needsServer", .bool(true))) }
      return JSONWriter.write(.object(members))
    }
  }

  /// How many changes the app adopts at a time, so the bar moves and the page stays live.
  public static let partSize = 10_000

  private static func answer(_ text: MessageText, file: [UInt8]) throws(DataFailure) -> String {
    var message: JSONObjectReader
    let type: String
    let today: Day
    let wall: Int64
    var replica: Replica
    do throws(WireError) {
      message = try JSONObjectReader(text.json, path: "message")
      type = try message.string("t")
      guard let day = Day(iso: try message.string("today")) else {
        throw WireError.invalidValue(path: "message.today", reason: "not a date")
      }
      today = day
      wall = try message.integer("now")
      replica = try Snapshot.replica(device: "", try message.required("snapshot"), lines: text)
      if type == "export" {
        let csv = try message.bool("csv")
        return csv
          ? download("habitflow-" + today.iso + ".csv", CSVExport.csv(of: replica.tracker))
          : download(
            "habitflow-backup-" + today.iso + ".json",
            Backup.document(of: replica, exportedAt: wall))
      }
    } catch {
      throw DataFailure(message: error.message)
    }
    let mode: ImportMode
    let contents: (document: ImportDocument, settings: [BackupSetting])
    var database = false
    do throws(ImportError) {
      mode = (try? message.string("mode")) == "replace" ? .replace : .merge
      let name = (try? message.string("name")) ?? "upload"
      let files = try Importer.files(ImportFile(path: name, bytes: file))
      database = files.contains { Importer.isDatabase($0.bytes) }
      contents = try Importer.contents(files, today: today)
    } catch {
      // A Loop database (alone or zipped) is read by the server, where it can be reached.
      throw DataFailure(message: error.description, needsServer: database)
    }
    switch type {
    case "preview":
      let preview = ImportPreview(contents.document, tracker: replica.tracker, mode: mode)
      return JSONWriter.write(.object([("preview", ImportJSON.preview(preview))]))
    case "apply":
      let from = Snapshot.version(replica)
      let before = Set(replica.outbox.map { $0.id })
      let summary: ImportSummary
      do throws(ImportError) {
        summary = try replica.apply(contents.document, mode: mode, wall: wall, today: today)
      } catch {
        throw DataFailure(message: error.description)
      }
      replica.restore(contents.settings, wall: wall)
      let made = replica.outbox.filter { !before.contains($0.id) }
      var header: [(String, JSON)] = [
        ("format", .string(contents.document.format.rawValue)),
        ("summary", ImportJSON.summary(summary)),
        ("next", .integer(Int64(replica.nextChangeNumber))),
        ("count", .integer(made.count)),
      ]
      if Snapshot.isLarge(made.count, beside: replica) {
        // The whole replica, in the form the shell stores: the app takes it as it starts from
        // storage, and the shell stores the same text, instead of merging change by change.
        header.append(("whole", .string(from)))
        return JSONWriter.write(.object(header)) + "\n" + Snapshot.lines(replica)
      }
      var output = Array(JSONWriter.write(.object(header)).utf8)
      for start in stride(from: 0, to: made.count, by: partSize) {
        output.append(UInt8(ascii: "\n"))
        ChangeText.appendArray(made[start..<min(made.count, start + partSize)], to: &output)
      }
      return String(decoding: output, as: UTF8.self)
    default:
      throw DataFailure(message: "Unknown request " + type + ".")
    }
  }

  private static func download(_ name: String, _ bytes: [UInt8]) -> String {
    JSONWriter.write(
      .object([
        ("name", .string(name)), ("text", .string(String(decoding: bytes, as: UTF8.self))),
      ]))
  }
}

/// Why the data module gave no answer, in the words the panel shows, and whether the server
/// could read the file instead.
struct DataFailure: Error {
  let message: String
  var needsServer = false
}
