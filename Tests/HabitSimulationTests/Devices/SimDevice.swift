import HabitCore

/// Which face of HabitFlow a device is.
enum Face: String, Sendable {
  case web
  case cli
  case rest
}

/// One day of one habit as a face shows it.
struct SeenEntry: Hashable, Sendable {
  var thousandths: Int64 = 0
  var skipped = false
  var note = ""

  var isEmpty: Bool { thousandths == 0 && !skipped && note.isEmpty }

  init(thousandths: Int64 = 0, skipped: Bool = false, note: String = "") {
    self.thousandths = thousandths
    self.skipped = skipped
    self.note = note
  }

  init(_ entry: Entry?) {
    guard let entry else { return }
    thousandths = entry.value.thousandths
    skipped = entry.isSkipped
    note = entry.note
  }
}

/// A habit's own fields as a face shows them: each is a register (the latest edit wins).
struct SeenHabit: Hashable, Sendable {
  var title = ""
  var description = ""
  var emoji = ""
  var color = ""
  var order = 0

  init(title: String, description: String, emoji: String, color: String, order: Int) {
    self.title = title
    self.description = description
    self.emoji = emoji
    self.color = color
    self.order = order
  }

  init(_ habit: Habit) {
    self.init(
      title: habit.title, description: habit.description, emoji: habit.emoji,
      color: habit.color.hex, order: habit.order)
  }

  /// Each field that differs from `other`, with both values.
  func differences(from other: SeenHabit) -> [String] {
    var names: [String] = []
    if title != other.title { names.append("title \"\(title)\" (expected \"\(other.title)\")") }
    if description != other.description {
      names.append("description \"\(description)\" (expected \"\(other.description)\")")
    }
    if emoji != other.emoji { names.append("emoji \(emoji) (expected \(other.emoji))") }
    if color != other.color { names.append("colour \(color) (expected \(other.color))") }
    if order != other.order { names.append("order \(order) (expected \(other.order))") }
    return names
  }
}

/// A place as a face shows it.
struct SeenPlace: Hashable, Sendable {
  var name: String
  var address: String
}

/// A phone, laptop or script with its own copy of the account (or, for REST, the server's).
/// Each face implements the same few verbs the actions and the checks use.
protocol SimDevice: AnyObject {
  var name: String { get }
  var face: Face { get }
  var online: Bool { get }
  /// Signs in and takes the account's data for the first time.
  func start(_ world: World) async
  /// The network comes and goes (airplane mode, a train, a week away).
  func setOnline(_ online: Bool, _ world: World) async
  /// Pushes and pulls now, as the person would press "Sync".
  func syncNow(_ world: World) async
  /// What the device holds and shows for one habit's day.
  func entry(_ habit: HabitID, _ day: Day, _ world: World) async -> SeenEntry
  /// The habit's fields as the device shows them (nil when it has no such habit).
  func habit(_ habit: HabitID, _ world: World) async -> SeenHabit?
  /// The places the device shows.
  func places(_ world: World) async -> [PlaceID: SeenPlace]
  /// The numbers the device shows: today's count, each habit's streaks, the statistics.
  func figures(_ world: World) async -> SeenFigures
  /// Whether the device still has changes the server has not taken.
  func hasUnsentChanges(_ world: World) async -> Bool
}
