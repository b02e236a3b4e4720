/// How a day's effort is recorded: a tap, a count ("add count"), or a quantity with a unit.
public enum Measure: Hashable, Sendable {
  case done
  /// Each tap adds `step`; the day is met at `target` (at most `target` for a habit to quit).
  case count(step: Int, target: Int)
  /// A logged amount such as 8 glasses or 30 minutes; met at `target`.
  case quantity(target: Amount, unit: String)

  public static let defaultCount = Measure.count(step: 1, target: 1)

  /// The value a day holds when the person marks it complete in one tap.
  public var fullValue: Amount {
    switch self {
    case .done: return .one
    case .count(_, let target): return Amount(max(target, 1))
    case .quantity(let target, _): return target
    }
  }

  /// The threshold a day is judged against: reach it to build, stay within it to quit.
  public func threshold(for direction: Direction) -> Amount {
    switch self {
    case .done: return direction == .build ? .one : .zero
    case .count(_, let target): return Amount(target)
    case .quantity(let target, _): return target
    }
  }
}

/// A measure's kind, spelled as every wire and form spells it.
public enum MeasureKind: String, CaseIterable, Hashable, Sendable {
  case done
  case count
  case quantity
}

extension Measure {
  /// The kind alone, for the wire and form spellings.
  public var kind: MeasureKind {
    switch self {
    case .done: return .done
    case .count: return .count
    case .quantity: return .quantity
    }
  }
}
