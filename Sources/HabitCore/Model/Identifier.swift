/// Identifies a habit, category or place on every device. Made by the client (a habit can be
/// created offline); the owner type keeps a habit's id from being passed where a category's is
/// meant.
public struct Identifier<Owner>: Hashable, Comparable, Sendable, ExpressibleByStringLiteral {
  public let rawValue: String

  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

public typealias HabitID = Identifier<Habit>
/// The seven default categories have fixed ids so every device agrees on them.
public typealias CategoryID = Identifier<Category>
public typealias PlaceID = Identifier<Place>
