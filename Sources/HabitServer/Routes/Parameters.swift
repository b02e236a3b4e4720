import HabitCore
import HabitSync
import Hummingbird

/// Reading path and query parameters with the API's error messages.
extension HabitRequestContext {
  func habitID() throws -> HabitID {
    let text = try parameters.require("id")
    guard RecordID.isValid(text) else { throw APIError.rule(.habitNotFound) }
    return HabitID(text)
  }

  func categoryID() throws -> CategoryID {
    let text = try parameters.require("id")
    guard RecordID.isValid(text) else { throw APIError.rule(.categoryNotFound) }
    return CategoryID(text)
  }

  func day() throws -> Day {
    let text = try parameters.require("day")
    guard let day = Day(iso: text) else {
      throw APIError.invalid("invalid_value", "\"\(text)\" is not a date written yyyy-MM-dd.")
    }
    return day
  }
}

extension Request {
  func queryDay(_ name: String) throws -> Day? {
    guard let text = uri.queryParameters.get(name) else { return nil }
    guard let day = Day(iso: text) else {
      throw APIError.invalid("invalid_value", "\(name) must be a date written yyyy-MM-dd.")
    }
    return day
  }

  /// The `from`…`to` query range: `to` defaults to `today`, `from` to `days` before `to`; at most
  /// ten years.
  func dayRange(today: Day, defaultDays: Int) throws -> ClosedRange<Day> {
    let to = try queryDay("to") ?? today
    let from = try queryDay("from") ?? to.advanced(by: -defaultDays)
    guard from <= to, from.distance(to: to) <= 3_660 else {
      throw APIError.invalid(
        "invalid_range", "from must be on or before to, and at most 10 years apart.")
    }
    return from...to
  }

  func queryBool(_ name: String) throws -> Bool? {
    guard let text = uri.queryParameters.get(name) else { return nil }
    switch text {
    case "true": return true
    case "false": return false
    default: throw APIError.invalid("invalid_value", "\(name) must be true or false.")
    }
  }

  /// A query value that must be one of `choices`' spellings (named in the error when it is
  /// not); nil when the parameter is absent.
  func queryChoice<Value>(_ name: String, _ choices: [(String, Value)]) throws -> Value? {
    guard let text = uri.queryParameters.get(name) else { return nil }
    for (spelling, value) in choices where spelling == text { return value }
    var names = ""
    for (index, choice) in choices.enumerated() {
      names += index == 0 ? "" : index == choices.count - 1 ? " or " : ", "
      names += choice.0
    }
    throw APIError.invalid("invalid_value", "\(name) must be \(names).")
  }

  /// A case of a string enumeration spelled by its raw value, from `allowed`.
  func queryChoice<Value: RawRepresentable>(_ name: String, from allowed: [Value]) throws -> Value?
  where Value.RawValue == String {
    try queryChoice(name, allowed.map { ($0.rawValue, $0) })
  }

  /// The first day of the person's week for weekly figures: `weekStart=monday|sunday`, Monday
  /// when absent.
  func weekStart() throws -> Weekday {
    try queryChoice("weekStart", [("monday", Weekday.monday), ("sunday", .sunday)]) ?? .monday
  }

  func queryText(_ name: String, maximum: Int = 200) throws -> String? {
    guard let text = uri.queryParameters.get(name) else { return nil }
    guard text.utf8.count <= maximum else {
      throw APIError.invalid("invalid_value", "\(name) can be at most \(maximum) bytes.")
    }
    return text
  }
}
