/// A saved place (Home, Work, the gym) that location reminders point at.
public struct Place: Hashable, Sendable, Identifiable {
  public let id: PlaceID
  public var name: String
  /// The address as the person wrote it (seed 001's address screen); empty when not given.
  public var address: String
  /// Degrees × 1,000,000, so coordinates stay exact integers on every device.
  public var latitudeMicro: Int
  public var longitudeMicro: Int
  public var radiusMeters: Int

  public init(
    id: PlaceID, name: String, latitudeMicro: Int, longitudeMicro: Int, radiusMeters: Int = 100,
    address: String = ""
  ) {
    self.id = id
    self.name = name
    self.address = address
    self.latitudeMicro = latitudeMicro
    self.longitudeMicro = longitudeMicro
    self.radiusMeters = radiusMeters
  }

  /// The most characters a place name may have.
  public static let maximumNameLength = 60
  /// The most characters an address may have.
  public static let maximumAddressLength = 200
  /// The widest circle a place reminder may watch, in metres.
  public static let maximumRadius = 100_000
}
