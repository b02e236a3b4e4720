public import HabitCore

/// The Places panel's form: a new place, or the one being edited, as typed, so nothing is lost
/// while it is not valid yet.
public struct PlaceForm: Sendable {
  public var editing: PlaceID?
  public var name = ""
  public var address = ""
  public var latitude = ""
  public var longitude = ""
  /// Why the place was not saved, or why the location could not be read.
  public var message: String?

  public init() {}

  public init(editing place: Place) {
    editing = place.id
    name = place.name
    address = place.address
    latitude = Place.degrees(place.latitudeMicro)
    longitude = Place.degrees(place.longitudeMicro)
  }

  /// Sets one field (`located` takes "latitude longitude" from the browser, `unlocated` why it
  /// could not tell).
  public mutating func set(_ field: ReminderField, _ value: String) {
    switch field {
    case .placeName: name = value
    case .address: address = value
    case .latitude: latitude = value
    case .longitude: longitude = value
    case .located:
      let parts = value.split(separator: " ")
      if parts.count == 2 {
        latitude = String(parts[0])
        longitude = String(parts[1])
        message = nil
      }
    case .unlocated: message = value.isEmpty ? Strings.noLocation : value
    default: return
    }
  }

  /// The place the form describes (an edited place keeps its radius), or nil when the
  /// coordinates are not decimal degrees (HabitCore's rules check the rest).
  public func place(id: PlaceID, base: Place?) -> Place? {
    guard let latitude = Place.micro(degrees: latitude),
      let longitude = Place.micro(degrees: longitude)
    else { return nil }
    return Place(
      id: id, name: name, latitudeMicro: latitude, longitudeMicro: longitude,
      radiusMeters: base?.radiusMeters ?? 100, address: address)
  }
}
