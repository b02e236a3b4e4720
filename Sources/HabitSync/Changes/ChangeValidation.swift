public import HabitCore

/// Checks one incoming change on its own: a known field of a known record, a well-formed key, a
/// value the field can hold (by HabitCore's rule for that field) and a stamp from a sane clock.
/// The server refuses failing changes one by one with this reason; a replica refuses a batch that
/// contains one.
public enum ChangeValidation {
  public static let maximumIDLength = 100
  public static let maximumSettingLength = 200

  /// Why the change cannot be accepted at wall time `wall` (milliseconds), or nil when it can.
  /// Without `rules`, only its form and stamp are checked: what a replica asks of rows the server
  /// already accepted, so data stored under older rules (or a device whose date is behind)
  /// never blocks a sync.
  public static func problem(_ change: Change, wall: Int64, rules: Bool = true) -> SyncError? {
    if change.id.isEmpty || change.id.utf8.count > maximumIDLength {
      return .invalidChange(
        id: change.id, reason: "A change id must have 1 to \(maximumIDLength) characters.")
    }
    switch fieldProblem(change, latestToday: latestToday(wall: wall)) {
    case .malformed(let reason)?: return .invalidChange(id: change.id, reason: reason)
    case .rule(let error)?: if rules { return .rule(id: change.id, error) }
    case nil: break
    }
    do {
      try HybridClock.checkDrift(change.stamp, wall: wall)
    } catch {
      return error
    }
    return nil
  }

  /// An entry's value or logged amount that holds a fraction: refused when its habit counts
  /// (`countProblem`).
  /// Which habits count is the account's state, not the change's, so the server asks this first
  /// and reads the account only when a change needs it.
  public static func holdsFraction(_ change: Change) -> Bool {
    let field = change.field.field
    guard change.entity == .entry,
      field == "value" || field.hasPrefix(RecordFields.entryAmountPrefix),
      let value = change.value.int
    else { return false }
    return !Amount(thousandths: value).isWhole
  }

  /// Why an entry's value cannot be stored for a habit in `countHabits` (ids of habits that
  /// count), or nil: a count is whole, in sync as in REST and the form.
  public static func countProblem(_ change: Change, countHabits: Set<String>) -> HabitError? {
    guard holdsFraction(change), let (habit, _) = RecordFields.entryKeyParts(change.key),
      countHabits.contains(habit.rawValue)
    else { return nil }
    return .countNotWhole
  }

  /// Splits changes into those that pass and refusals (with reasons) for the rest.
  public static func screen(_ changes: [Change], wall: Int64) -> (
    valid: [Change], refused: [Refusal]
  ) {
    var valid: [Change] = []
    var refused: [Refusal] = []
    for change in changes {
      if let error = problem(change, wall: wall) {
        refused.append(Refusal(changeID: change.id, code: error.code, message: error.message))
      } else {
        valid.append(change)
      }
    }
    return (valid, refused)
  }

  /// The latest date any person can have at `wall`: UTC's, plus a day for the time zones ahead.
  static func latestToday(wall: Int64) -> Day {
    let days = wall >= 0 ? wall / 86_400_000 : (wall - 86_399_999) / 86_400_000
    return Day(daysSince1970: Int(days) + 1)
  }

  private enum Problem {
    case malformed(String)
    case rule(HabitError)

    init?(_ error: HabitError?) {
      guard let error else { return nil }
      self = .rule(error)
    }
  }

  private static func fieldProblem(_ change: Change, latestToday: Day) -> Problem? {
    let key = change.key
    let field = change.field.field
    let value = change.value
    switch change.entity {
    case .habit:
      guard RecordID.isValid(key) else { return badKey("habit") }
      guard RecordFields.habitFields.contains(field) else { return unknownField(field, "habit") }
      return habitProblem(field, value, latestToday: latestToday)
    case .category:
      guard RecordID.isValid(key) else { return badKey("category") }
      guard RecordFields.categoryFields.contains(field) else {
        return unknownField(field, "category")
      }
      switch field {
      case "name":
        guard let name = value.text else { return mustBe("name", "text") }
        return Problem(TextField.categoryName.problem(required: name))
      case "order": return value.int == nil ? mustBe("order", "an integer") : nil
      default: return value.bool == nil ? mustBe(field, "true or false") : nil
      }
    case .entry:
      guard let (_, day) = RecordFields.entryKeyParts(key) else {
        return .malformed("An entry key must look like <habit id>/<yyyy-MM-dd>.")
      }
      if let problem = DayRange.entryProblem(day, today: latestToday) { return .rule(problem) }
      let counts = field.hasPrefix(RecordFields.entryCounterPrefix)
      if counts || field.hasPrefix(RecordFields.entryAmountPrefix) {
        // "add." (count taps, whole) and "log." (amounts) are as long; a run is named
        // `<device>-<change number>` (older versions kept one `<device>` total).
        let run = String(field.dropFirst(RecordFields.entryCounterPrefix.utf8.count))
        guard DeviceID.isValid(run, maximumLength: DeviceID.maximumLength + 19) else {
          return unknownField(field, "entry")
        }
        return amountProblem(value, whole: counts)
      }
      guard RecordFields.entryFields.contains(field) else { return unknownField(field, "entry") }
      switch field {
      case "value": return amountProblem(value, whole: false)
      case "note":
        guard let note = value.text else { return mustBe("note", "text") }
        return Problem(TextField.note.problem(note))
      case "mark":
        return value.text.flatMap(EntryMark.init(rawValue:)) == nil
          ? mustBe("mark", "\"\", \"no\" or \"auto\"") : nil
      default: return value.bool == nil ? mustBe(field, "true or false") : nil
      }
    case .place:
      guard RecordID.isValid(key) else { return badKey("place") }
      guard RecordFields.placeFields.contains(field) else { return unknownField(field, "place") }
      if field == "name" {
        guard let name = value.text else { return mustBe("name", "text") }
        return Problem(TextField.placeName.problem(required: name))
      }
      if field == "address" {
        guard let address = value.text else { return mustBe("address", "text") }
        return Problem(TextField.placeAddress.problem(address))
      }
      if field == Merge.deletedField {
        return value.bool == nil ? mustBe(field, "true or false") : nil
      }
      guard let number = value.int, let micro = Int(exactly: number) else {
        return mustBe(field, "an integer")
      }
      switch field {
      case "latitude": return Problem(Place.latitudeProblem(micro))
      case "longitude": return Problem(Place.longitudeProblem(micro))
      default: return Problem(Place.radiusProblem(micro))
      }
    case .setting:
      guard RecordID.isValid(key) else { return badKey("setting") }
      guard field == "value" else { return unknownField(field, "setting") }
      if let text = value.text, text.utf8.count > maximumSettingLength {
        return .malformed("A setting can be at most \(maximumSettingLength) bytes.")
      }
      return nil
    }
  }

  private static func habitProblem(_ field: String, _ value: FieldValue, latestToday: Day)
    -> Problem?
  {
    switch field {
    case "pinned", "archived", Merge.deletedField:
      return value.bool == nil ? mustBe(field, "true or false") : nil
    case "order":
      return value.int == nil ? mustBe(field, "an integer") : nil
    default:
      break
    }
    guard let text = value.text else { return mustBe(field, "text") }
    switch field {
    case "kind": return HabitKind(rawValue: text) == nil ? mustBe(field, "habit or event") : nil
    case "title": return Problem(TextField.title.problem(required: text))
    case "description": return Problem(TextField.description.problem(text))
    case "category":
      return RecordID.isValid(text) ? nil : .rule(.missingCategory)
    case "schedule":
      guard let schedule = FieldText.schedule(text) else {
        return mustBe(field, "a known schedule")
      }
      return Problem(schedule.problem)
    case "measure":
      guard let measure = FieldText.measure(text) else { return mustBe(field, "a known measure") }
      return Problem(measure.problem)
    case "direction": return Direction(rawValue: text) == nil ? mustBe(field, "build or quit") : nil
    case "start":
      guard let start = Day(iso: text) else { return mustBe(field, "a date written yyyy-MM-dd") }
      return Problem(DayRange.startProblem(start, today: latestToday))
    case "goal":
      guard let goal = FieldText.goal(text) else { return mustBe(field, "a known goal") }
      return Problem(goal.problem)
    case "emoji": return Problem(TextField.emoji.problem(text))
    case "color":
      return HabitColor(hex: text) == nil ? mustBe(field, "a color written #RRGGBB") : nil
    case "timeOfDay":
      return TimeOfDay(rawValue: text) == nil
        ? mustBe(field, "anytime, morning, afternoon or evening") : nil
    case "reminders":
      guard let reminders = FieldText.reminders(text) else {
        return mustBe(field, "a valid reminder")
      }
      return Problem(reminders.problem)
    default: return unknownField(field, "habit")
    }
  }

  /// An entry's value or one of its runs in thousandths. Either may be negative (taps taken
  /// back, or a base under them), so the rule sees its size; a counter only holds count taps, so
  /// it is whole.
  private static func amountProblem(_ value: FieldValue, whole: Bool) -> Problem? {
    guard let thousandths = value.int else { return mustBe("value", "an integer (thousandths)") }
    let size = Amount(thousandths: Int64(clamping: thousandths.magnitude))
    return Problem(size.problem(whole: whole))
  }

  private static func badKey(_ entity: String) -> Problem {
    .malformed("A \(entity) id must be 1 to \(RecordID.maximumLength) letters, digits, '-' or '_'.")
  }

  private static func unknownField(_ field: String, _ entity: String) -> Problem {
    .malformed("\"\(field)\" is not a field of a \(entity).")
  }

  private static func mustBe(_ field: String, _ what: String) -> Problem {
    .malformed("\"\(field)\" must be \(what).")
  }
}
