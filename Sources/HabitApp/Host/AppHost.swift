public import HabitCore
import HabitSync

/// The app behind one JSON message channel, so the wasm bridge only moves bytes: the shell sends
/// `{"t": …}` messages and gets back `{"html" or "patches", "covered", "effects", …}`.
public struct AppHost: Sendable {
  public private(set) var state: AppState?
  /// The page the shell shows now: the next answer sends only the regions that differ from it.
  private var shown: Page?

  public init() {}

  /// Handles one message and answers with JSON text.
  public mutating func handle(_ text: String) -> String {
    do {
      let message = try MessageText(text)
      return try respond(message.json, lines: message)
    } catch {
      return JSONWriter.write(.object([("error", .string(error.message))]))
    }
  }

  /// The answer's text: JSON, but for `persist` (see `UnsavedChanges.take`) and
  /// `importSnapshot` (the stored shape), which can be large and are written directly.
  private mutating func respond(_ message: JSON, lines: MessageText) throws(WireError) -> String {
    var reader = try JSONObjectReader(message, path: "message")
    let type = try reader.string("t")
    if let now = reader.optional("now") {
      state?.now = try JSONObjectReader.integer(now, path: "now")
    }
    if let today = reader.optional("today"),
      let day = Day(iso: try JSONObjectReader.string(today, path: "today"))
    {
      state?.today = day
    }
    var effects: [AppEffect] = []
    var extra: [(String, JSON)] = []
    switch type {
    case "boot":
      let device = try reader.string("device")
      let now = try reader.integer("now")
      let today = try JSONObjectReader.day(try reader.required("today"), path: "today")
      let replica = try Snapshot.replica(device: device, reader.optional("snapshot"), lines: lines)
      var booted = AppState(
        replica: replica, today: today, now: now,
        onboarded: reader.optional("onboarded") == .bool(true))
      if let email = reader.optional("email"), case .string(let text) = email {
        booted.connection.email = text
      }
      if let online = reader.optional("online"), case .bool(let flag) = online {
        booted.connection.online = flag
      }
      booted.connection.lastSynced = Snapshot.lastSynced(reader.optional("snapshot"))
      state = booted
      if booted.connection.canSync { effects.append(.sync) }
      extra.append(("theme", .string(booted.theme.rawValue)))
    case "event":
      guard state != nil else { break }
      let name = try reader.string("name")
      let argument =
        reader.optional("arg").flatMap {
          if case .string(let s) = $0 { return s } else { return nil }
        } ?? ""
      let value =
        reader.optional("value").flatMap {
          if case .string(let s) = $0 { return s } else { return nil }
        } ?? ""
      effects = state!.handle(name, argument: argument, value: value)
    case "online":
      let online = try reader.bool("value")
      state?.connection.online = online
      if state?.connection.canSync == true { effects.append(.sync) }
    case "account":
      let email = reader.optional("email").flatMap {
        if case .string(let s) = $0 { return s } else { return nil }
      }
      let reason = reader.optional("reason").flatMap {
        if case .string(let s) = $0 { return s } else { return nil }
      }
      state?.accountChanged(email: email, reason: reason)
      if email != nil { effects.append(.sync) }
    case "accountError":
      state?.account.busy = false
      state?.account.message = try reader.string("message")
    case "passwordChanged":
      state?.account.passwordChanged = true
      if case .string(let link)? = reader.optional("calendar"), !link.isEmpty {
        state?.account.replacedCalendarLink = link
      }
    case "passwordError":
      // A wrong current password belongs to its field; anything else to the new one.
      let message = try reader.string("message")
      if reader.optional("code") == .string("wrong_password") {
        state?.account.currentPasswordMessage = message
      } else {
        state?.account.newPasswordMessage = message
      }
    case "importPreview":
      // A preview for a file or mode no longer on screen (cancelled, changed) is dropped.
      if state?.dataImport.phase == .uploading {
        try state?.dataImport.preview(try reader.required("preview"))
      }
    case "imported":
      // The server holds the imported habits now: a sync brings them here.
      try state?.dataImport.imported(try reader.required("summary"))
      effects.append(.sync)
    case "importError":
      state?.dataImport.failed(try reader.string("message"))
    case "exportError":
      state?.dataImport.exportError = try reader.string("message")
    case "importSnapshot":
      // The replica handed to the whole app when the shell moves to it, answered without markup.
      guard let current = state else { return "null" }
      return Snapshot.lines(current.replica)
    case "deleteError":
      state?.account.deleteMessage = try reader.string("message")
    case "syncRequest":
      // Answered without markup: the shell does not show this answer.
      guard let current = state else { return "{}" }
      let request = current.replica.syncRequest(limit: 500)
      return JSONWriter.write(
        .object([("body", .string(JSONWriter.write(WireCodec.json(request))))]))
    case "syncResponse":
      guard var current = state else { break }
      let request = try WireCodec.syncRequest(try reader.required("request"))
      let response = try WireCodec.syncResponse(try reader.required("response"))
      do {
        let refusals = try current.replica.complete(request, with: response, wall: current.now)
        current.unsaved.note(response.changes, inOutbox: false)
        current.unsaved.noteAcknowledged(request.changes)
        current.connection.syncError = refusals.first.map { $0.message }
        current.connection.lastSynced = current.now
        current.connection.online = true
      } catch {
        current.connection.syncError = error.message
      }
      state = current
      effects.append(.persist)
      extra.append(("more", .bool(response.hasMore || !current.replica.outbox.isEmpty)))
    case "syncFailed":
      let offline = try reader.bool("offline")
      if offline {
        state?.connection.online = false
      } else {
        state?.connection.syncError = try reader.string("message")
      }
    case "stored":
      // The shell's last IndexedDB write succeeded (true) or failed and will be retried (false).
      state?.unsaved.failing = !(try reader.bool("ok"))
    case "render":
      // The shell lost track of its markup (or asks to start over): send the whole page.
      shown = nil
    case "persist":
      // Asked for after the screen is updated, so saving never delays a tap.
      guard var current = state else { return "{}" }
      let writes = current.unsaved.take(
        from: current.replica, lastSynced: current.connection.lastSynced)
      state = current
      return writes
    default:
      throw .invalidValue(path: "message.t", reason: "unknown message " + type)
    }
    return answer(effects: effects, extra: extra)
  }

  /// Changes the state as a message would and answers as one does, with the page's changed
  /// regions and the effects: the whole app's data requests (`DataHost`) use it, so their code
  /// stays out of the first-load module. The state is changed in place, not copied (an import
  /// still applies to a copy of the replica of its own, so a refused file changes nothing).
  public mutating func update(
    now: Int64, today: Day, _ change: (inout AppState) -> [AppEffect]
  ) -> String {
    guard state != nil else { return #"{"html":""}"# }
    state!.now = now
    state!.today = today
    let effects = change(&state!)
    return answer(effects: effects, extra: [])
  }

  /// The page after a message, as the regions that differ from what the shell shows, with the
  /// effects for the shell to run and the message's own members.
  private mutating func answer(effects: [AppEffect], extra: [(String, JSON)]) -> String {
    guard let current = state else { return #"{"html":""}"# }
    var page = Render.page(current, reusing: shown)
    page.settle()
    var members: [(String, JSON)] = []
    if let shown, let changes = page.changes(since: shown) {
      members.append(
        (
          "patches",
          .array(
            changes.regions.map { .object([("id", .string($0.id)), ("html", .string($0.html))]) })
        ))
      if !changes.moves.isEmpty {
        members.append(
          ("moves", .array(changes.moves.map { .array([.string($0.from), .string($0.to)]) })))
      }
    } else {
      members.append(("html", .string(page.html)))
    }
    shown = page
    members.append(("covered", .bool(Render.isCovered(current))))
    var effectJSON: [JSON] = []
    for effect in effects {
      switch effect {
      case .persist: effectJSON.append(.object([("t", .string("persist"))]))
      case .sync: effectJSON.append(.object([("t", .string("sync"))]))
      case .signIn(let email, let password):
        effectJSON.append(
          .object([
            ("t", .string("signIn")), ("email", .string(email)), ("password", .string(password)),
          ]))
      case .signUp(let email, let password):
        effectJSON.append(
          .object([
            ("t", .string("signUp")), ("email", .string(email)), ("password", .string(password)),
          ]))
      case .signOut: effectJSON.append(.object([("t", .string("signOut"))]))
      case .theme(let theme):
        effectJSON.append(.object([("t", .string("theme")), ("value", .string(theme))]))
      case .changePassword(let current, let new):
        effectJSON.append(
          .object([
            ("t", .string("changePassword")), ("current", .string(current)), ("new", .string(new)),
          ]))
      case .deleteAccount(let password):
        effectJSON.append(
          .object([("t", .string("deleteAccount")), ("password", .string(password))]))
      case .drawRest: effectJSON.append(.object([("t", .string("drawRest"))]))
      case .runImport(let replace, let preview, let server):
        effectJSON.append(
          .object([
            ("t", .string("import")), ("mode", .string(replace ? "replace" : "merge")),
            ("preview", .bool(preview)), ("server", .bool(server)),
          ]))
      case .export(let csv):
        effectJSON.append(.object([("t", .string("export")), ("csv", .bool(csv))]))
      case .shell(let name, let value):
        effectJSON.append(.object([("t", .string(name)), ("value", .string(value))]))
      }
    }
    members.append(("effects", .array(effectJSON)))
    members.append(contentsOf: extra)
    return JSONWriter.write(.object(members))
  }
}
