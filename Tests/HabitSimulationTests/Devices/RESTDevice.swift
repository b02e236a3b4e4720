import HabitCore
import HabitSync

/// A script on the REST API: no replica of its own, every call acts on the server at once, and a
/// call made offline fails (the person or script tries again later as a new intent).
final class RESTDevice: SimDevice {
  let name: String
  let face = Face.rest
  private(set) var online = true
  private var token: String?

  init(index: Int) { name = "rest-\(index)" }

  func start(_ world: World) async {
    let answer = await world.server.call(
      .post, "sessions", token: nil,
      json: #"{"email":"\#(world.email)","password":"\#(world.password)"}"#,
      today: world.clock.today.iso)
    token = (try? JSONParser.parse(answer.text))?["token"].string
  }

  /// One call; nil when offline (it never reached the server).
  func call(_ method: String, _ path: String, json: String? = nil, _ world: World) async
    -> SimServer.Answer?
  {
    guard online else { return nil }
    let verb: SimServer.Method =
      switch method {
      case "PUT": .put
      case "POST": .post
      case "DELETE": .delete
      case "PATCH": .patch
      default: .get
      }
    let answer = await world.server.call(
      verb, path, token: token, json: json, today: world.clock.today.iso)
    guard answer.status == 401 && !world.accountDeleted else { return answer }
    // The password changed elsewhere: the script signs in again and repeats the call.
    await start(world)
    return await world.server.call(
      verb, path, token: token, json: json, today: world.clock.today.iso)
  }

  func setOnline(_ online: Bool, _ world: World) async { self.online = online }

  func syncNow(_ world: World) async {}

  func entry(_ habit: HabitID, _ day: Day, _ world: World) async -> SeenEntry {
    guard
      let answer = await call(
        "GET", "habits/\(habit.rawValue)/entries?from=\(day.iso)&to=\(day.iso)", world),
      answer.ok, let json = try? JSONParser.parse(answer.text),
      let item = json["entries"].array.first
    else { return SeenEntry() }
    let value = Amount(parsing: item["value"].string ?? "0")?.thousandths ?? 0
    return SeenEntry(
      thousandths: value, skipped: item["skipped"].bool ?? false, note: item["note"].string ?? "")
  }

  /// `GET /habits/{id}` as a script reads it: no habit when offline (nothing to read) or when the
  /// server says there is none (404); any other failure reads as a habit whose fields could not
  /// be read, which no model matches.
  func habit(_ habit: HabitID, _ world: World) async -> SeenHabit? {
    guard let answer = await call("GET", "habits/\(habit.rawValue)", world) else { return nil }
    if answer.status == 404 { return nil }
    guard answer.ok, let json = try? JSONParser.parse(answer.text) else {
      return SeenHabit(
        title: "(GET answered \(answer.status))", description: "", emoji: "", color: "", order: -1)
    }
    let item = json["habit"]
    return SeenHabit(
      title: item["title"].string ?? "", description: item["description"].string ?? "",
      emoji: item["emoji"].string ?? "", color: item["color"].string ?? "",
      order: item["order"].int ?? -1)
  }

  /// REST has no places resource: the server's backup is what it holds.
  func places(_ world: World) async -> [PlaceID: SeenPlace] {
    guard let answer = await call("GET", "export", world), answer.ok,
      let json = try? JSONParser.parse(answer.text)
    else { return [:] }
    // The export lists the places that exist, each with its fields as members.
    var result: [PlaceID: SeenPlace] = [:]
    for place in json["places"].array {
      guard let id = place["id"].string else { continue }
      result[PlaceID(id)] = SeenPlace(
        name: place["name"].string ?? "", address: place["address"].string ?? "")
    }
    return result
  }

  func hasUnsentChanges(_ world: World) async -> Bool { false }

  /// `GET /statistics` (every habit's figures and today's cell) as a script reads it.
  func figures(_ world: World) async -> SeenFigures {
    let today = world.clock.today.iso
    guard let answer = await call("GET", "statistics?from=\(today)&to=\(today)", world),
      answer.ok, let json = try? JSONParser.parse(answer.text)
    else { return SeenFigures() }
    var figures = SeenFigures()
    if let cell = json["days"].array.first(where: { $0["day"].string == today }),
      let met = cell["met"].int, let due = cell["due"].int
    {
      figures.statisticsToday = SeenFigures.DayCount(met: met, due: due)
    }
    for item in json["habits"].array {
      guard let id = item["id"].string, let habit = SeenFigures.HabitFigures(item["stats"])
      else { continue }
      figures.habits[HabitID(id)] = habit
    }
    figures.bestStreak = SeenFigures.StreakFigure(json["bestStreak"])
    figures.perfectDays = json["perfectDays"].int
    figures.completions = json["totalCompletions"].int
    return figures
  }
}
