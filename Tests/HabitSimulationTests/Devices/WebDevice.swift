import HabitApp
import HabitCore
import HabitSync

/// The web app as the browser runs it: `AppHost` fed the shell's JSON messages (events, sync
/// requests and answers), its replica in memory as IndexedDB would hold it. It authenticates with
/// its session token as a bearer (the browser's cookie and CSRF header are the server tests' part).
final class WebDevice: SimDevice {
  let name: String
  let face = Face.web
  let index: Int
  private(set) var online = true
  private(set) var host = AppHost()
  private var token: String?
  private var syncing = false
  private var syncAgain = false
  /// The server ended the session (401) during the run.
  private(set) var signedOutByServer = false
  /// This browser cleared its copy (signed out or deleted the account here).
  private(set) var forgotten = false

  init(index: Int) {
    self.index = index
    name = "web-\(index)"
  }

  var state: AppState? { host.state }

  func start(_ world: World) async {
    await signIn(world)
    _ = dispatch(
      [
        ("t", .string("boot")), ("device", .string(name)), ("onboarded", .bool(true)),
        ("email", .string(world.email)), ("online", .bool(true)),
      ], world)
  }

  /// Signs in as the shell's account form does (POST /sessions), then tells the app.
  func signIn(_ world: World) async {
    let answer = await world.server.call(
      .post, "sessions", token: nil,
      json: #"{"email":"\#(world.email)","password":"\#(world.password)"}"#,
      today: world.clock.today.iso)
    guard answer.ok, let json = try? JSONParser.parse(answer.text), let token = json["token"].string
    else { return }
    self.token = token
    signedOutByServer = false
    if host.state != nil {
      _ = dispatch([("t", .string("account")), ("email", .string(world.email))], world)
    }
  }

  /// app.js `signOut(true)`: the browser's copy is cleared and the page reloads empty.
  func forget() {
    host = AppHost()
    token = nil
    forgotten = true
  }

  /// Sends one message the way app.js does (with now and today) and runs the effects it asks for.
  @discardableResult
  func dispatch(_ members: [(String, JSON)], _ world: World) -> JSON {
    var message = members
    message.append(("now", .integer(world.clock.wall)))
    message.append(("today", .string(world.clock.today.iso)))
    let text = host.handle(JSONWriter.write(.object(message)))
    let answer = (try? JSONParser.parse(text)) ?? .null
    for effect in answer["effects"].array where effect["t"].string == "sync" {
      requestSync(world)
    }
    return answer
  }

  /// A person's tap or keystroke: `data-action`, `data-arg` and the input's value.
  @discardableResult
  func event(_ world: World, _ name: String, _ argument: String = "", _ value: String = "")
    -> JSON
  {
    dispatch(
      [
        ("t", .string("event")), ("name", .string(name)), ("arg", .string(argument)),
        ("value", .string(value)),
      ], world)
  }

  /// app.js `sync()`: one call in flight; a request while one runs asks for another after it.
  func requestSync(_ world: World) {
    guard token != nil, state?.connection.email != nil else { return }
    if syncing {
      syncAgain = true
      return
    }
    syncing = true
    sendNextRequest(world)
  }

  private func sendNextRequest(_ world: World) {
    let answer = (try? JSONParser.parse(host.handle(#"{"t":"syncRequest"}"#))) ?? .null
    guard let body = answer["body"].string else {
      syncing = false
      return
    }
    world.network.send(.request(body), from: index, now: world.clock.wall)
  }

  /// A call the shell makes with this device's session (password, account).
  func call(
    _ method: SimServer.Method, _ path: String, json: String?, _ world: World
  ) async -> SimServer.Answer? {
    guard online, let token else { return nil }
    return await world.server.call(
      method, path, token: token, json: json, today: world.clock.today.iso)
  }

  /// The server's side of the call, made by the network when the request arrives.
  func post(_ body: String, _ world: World) async -> SimServer.Answer {
    await world.server.call(.post, "sync", token: token, json: body, today: world.clock.today.iso)
  }

  /// The answer (or the failure) reaching the shell.
  func receive(request: String, answer: SimServer.Answer?, _ world: World) async {
    defer {
      if !syncing && syncAgain {
        syncAgain = false
        requestSync(world)
      }
    }
    guard let answer, answer.status != 0 else {
      dispatch([("t", .string("syncFailed")), ("offline", .bool(true))], world)
      syncing = false
      return
    }
    if answer.status == 401 {
      // app.js: the session is over; the app shows the sign-in form and the server's words for
      // why (none for a plain "unauthenticated").
      let refusal = (try? JSONParser.parse(answer.text)) ?? .null
      let plain = refusal["error"]["code"].string == "unauthenticated"
      dispatch(
        [
          ("t", .string("account")), ("email", .null),
          (
            "reason",
            plain ? .null : refusal["error"]["message"].string.map { .string($0) } ?? .null
          ),
        ], world)
      token = nil
      signedOutByServer = true
      if state?.account.message == nil && state?.notice == nil {
        world.report(
          .signOutSaysWhy,
          "\(name) was signed out by the server (401) and shows no reason"
            + (world.accountDeleted ? " (the account was deleted elsewhere)" : ""))
      }
      syncing = false
      return
    }
    let reply = (try? JSONParser.parse(answer.text)) ?? .null
    guard answer.ok else {
      dispatch(
        [
          ("t", .string("syncFailed")), ("offline", .bool(false)),
          ("message", .string(reply["error"]["message"].string ?? "Sync failed.")),
        ], world)
      syncing = false
      return
    }
    let parsedRequest = (try? JSONParser.parse(request)) ?? .null
    let result = dispatch(
      [("t", .string("syncResponse")), ("request", parsedRequest), ("response", reply)], world)
    if result["more"].bool == true {
      sendNextRequest(world)
    } else {
      syncing = false
    }
  }

  func setOnline(_ online: Bool, _ world: World) async {
    self.online = online
    dispatch([("t", .string("online")), ("value", .bool(online))], world)
  }

  func syncNow(_ world: World) async {
    if signedOutByServer && !world.accountDeleted { await signIn(world) }
    requestSync(world)
  }

  func entry(_ habit: HabitID, _ day: Day, _ world: World) async -> SeenEntry {
    SeenEntry(state?.tracker.log(habit)[day])
  }

  func habit(_ habit: HabitID, _ world: World) async -> SeenHabit? {
    state?.tracker.habit(habit).map(SeenHabit.init)
  }

  func places(_ world: World) async -> [PlaceID: SeenPlace] {
    var result: [PlaceID: SeenPlace] = [:]
    for (id, place) in state?.tracker.places ?? [:] {
      result[id] = SeenPlace(name: place.name, address: place.address)
    }
    return result
  }

  func hasUnsentChanges(_ world: World) async -> Bool { !(state?.replica.outbox.isEmpty ?? true) }

  /// What the Habits overview, each habit's detail sheet and the Statistics tab (all time) show,
  /// read off the rendered page as a person reads them. Today as the statistics count it comes
  /// from the call the Progress calendar makes (its cell is a colour, not a number).
  func figures(_ world: World) async -> SeenFigures {
    guard let state else { return SeenFigures() }
    var figures = SeenFigures()
    let statistics = state.tracker.statistics(today: state.today, firstWeekday: state.firstWeekday)
    if let cell = statistics.heatmap(state.today...state.today).first {
      figures.statisticsToday = SeenFigures.DayCount(met: cell.met, due: cell.due)
    }
    event(world, "tab", "habits")
    event(world, "habits-view", "day")
    onToday(world)
    let day = screen()
    if let overview = ScreenText.text(in: day, after: "id=\"overview\"", open: "<strong>") {
      figures.ring = ScreenText.dayCount(overview)
    } else if day.contains("<h2>" + Strings.nothingDue + "</h2>") {
      // A day that lists no habit shows no ring: nothing due, nothing done.
      figures.ring = SeenFigures.DayCount(met: 0, due: 0)
    }
    for habit in state.tracker.habits.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
      event(world, "open-detail", habit.rawValue)
      let sheet = screen()
      event(world, "close-sheet")
      guard let current = ScreenText.streak(ScreenText.detail(Strings.currentStreak, in: sheet)),
        let longest = ScreenText.streak(ScreenText.detail(Strings.longestStreak, in: sheet)),
        let strength = ScreenText.percent(ScreenText.detail(Strings.strength, in: sheet))
      else { continue }
      figures.habits[habit] = SeenFigures.HabitFigures(
        current: current, longest: longest, strengthPercent: strength)
    }
    event(world, "tab", "statistics")
    event(world, "statistics-period", "all")
    let tiles = screen()
    event(world, "tab", "habits")
    if tiles.contains(Strings.noStatistics) {
      // "No statistics yet": nothing checked in, so nothing to count.
      figures.bestStreak = SeenFigures.StreakFigure(length: 0, unit: Streak.Unit.days.rawValue)
      figures.perfectDays = 0
      figures.completions = 0
    } else {
      figures.bestStreak = ScreenText.streak(ScreenText.tile(Strings.bestStreak, in: tiles))
      figures.perfectDays = ScreenText.tile(Strings.perfectDays, in: tiles).flatMap { Int($0) }
      figures.completions = ScreenText.tile(Strings.completed, in: tiles).flatMap { Int($0) }
    }
    return figures
  }

  /// The page as the browser shows it now.
  private func screen() -> String {
    guard let state else { return "" }
    return Render.page(state).html
  }
}
