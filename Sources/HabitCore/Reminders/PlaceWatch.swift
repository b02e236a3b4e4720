/// Which saved places a moving device is inside, so a place reminder fires once on arriving
/// and once on leaving, as the position reports come in.
public struct PlaceWatch: Hashable, Sendable {
  /// The places the last position was inside; nil before the first position (which only sets
  /// where the device is: arriving needs a move).
  public private(set) var inside: [PlaceID]?

  public init() {}

  /// Takes a new position (millionths of a degree) and returns the habits whose place reminder
  /// it fires on `day` (arriving or leaving, as each asks), in the habits' display order.
  public mutating func move(
    latitudeMicro: Int, longitudeMicro: Int, in tracker: Tracker, on day: Day
  ) -> [Habit] {
    var now: [PlaceID] = []
    for place in tracker.places.values
    where place.contains(latitudeMicro: latitudeMicro, longitudeMicro: longitudeMicro) {
      now.append(place.id)
    }
    defer { inside = now }
    guard let before = inside else { return [] }
    var fired: [Habit] = []
    for habit in tracker.sortedHabits {
      guard let reminder = habit.reminders.place,
        habit.remindsAtPlace(on: day, entry: tracker.log(habit.id)[day])
      else { continue }
      let isIn = now.contains(reminder.place)
      if before.contains(reminder.place) != isIn, isIn == (reminder.trigger == .arrive) {
        fired.append(habit)
      }
    }
    return fired
  }
}

extension Place {
  /// Whether a position is within the place's radius. Flat-earth distance (the longitude
  /// shrunk by the cosine of the latitude), well within a metre at the radii reminders use.
  public func contains(latitudeMicro: Int, longitudeMicro: Int) -> Bool {
    let metresPerMicro = 0.111_194_93  // one millionth of a degree of latitude, in metres
    let middle = Double(self.latitudeMicro + latitudeMicro) / 2 / 1_000_000 * .pi / 180
    var east = longitudeMicro - self.longitudeMicro
    if east > 180_000_000 { east -= 360_000_000 }
    if east < -180_000_000 { east += 360_000_000 }
    let dx = Double(east) * Self.cosine(middle) * metresPerMicro
    let dy = Double(latitudeMicro - self.latitudeMicro) * metresPerMicro
    let radius = Double(radiusMeters)
    return dx * dx + dy * dy <= radius * radius
  }

  /// cos(x) for |x| ≤ π/2 by its Taylor series (no libm in the web module); off by under 1e-6.
  static func cosine(_ x: Double) -> Double {
    var term = 1.0
    var sum = 1.0
    var n = 2.0
    while n <= 14 {
      term *= -x * x / (n * (n - 1))
      sum += term
      n += 2
    }
    return sum
  }
}

extension Tracker {
  /// The saved places by name, for lists and pickers.
  public var placesByName: [Place] {
    var sorted: [Place] = []
    for place in places.values {
      var index = sorted.count
      while index > 0, place.name < sorted[index - 1].name { index -= 1 }
      sorted.insert(place, at: index)
    }
    return sorted
  }
}
