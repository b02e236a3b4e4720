import HabitCore

/// Checks one incoming change on its own: a known field of a known record, a well-formed key and a
/// value the field can hold. The server refuses failing changes one by one with this reason; a
/// replica refuses a batch that contains one.
public enum ChangeValidation {
  public static let maximumIDLength = 100
  public static let maximumSettingLength = 200

  /// The reason the change cannot be accepted, or nil when it can.
  public static func problem(_ change: Change) -> String? {
    if change.id.isEmpty || change.id.utf8.count > maximumIDLength {
      return "A change id must have 1 to \(maximumIDLength) characters."
    }
    let key = change.key
    let field = change.field.field
    let value = change.value
    switch change.entity {
    case .habit:
      guard RecordID.isValid(key) else { return badKey("habit") }
      guard RecordFields.habitFields.contains(field) else { return unknownField(field, "habit") }
      return habitProblem(field, value)
    case .category:
      guard RecordID.isValid(key) else { return badKey("category") }
      guard RecordFields.categoryFields.contains(field) else {
        return unknownField(field, "category")
      }
      switch field {
      case "name":
        guard let name = value.text else { return mustBe("name", "text") }
        let length = Text.length(Text.trimmed(name))
        if length == 0 { return HabitError.categoryNameEmpty.message }
        if length > Category.maximumNameLength {
          return HabitError.categoryNameTooLong(length: length).message
        }
        return nil
      case "order": return value.int == nil ? mustBe("order", "an integer") : nil
      default: return value.bool == nil ? mustBe(field, "true or false") : nil
      }
    case .entry:
      guard RecordFields.entryKeyParts(key) != nil else {
        return "An entry key must look like <habit id>/<yyyy-MM-dd>."
      }
      if field.hasPrefix(RecordFields.entryCounterPrefix) {
        let device = String(field.dropFirst(RecordFields.entryCounterPrefix.count))
        guard DeviceID.isValid(device) else { return unknownField(field, "entry") }
        return amountProblem(value, allowNegative: true)
      }
      guard RecordFields.entryFields.contains(field) else { return unknownField(field, "entry") }
      switch field {
      case "value": return amountProblem(value, allowNegative: true)
      case "note":
        guard let note = value.text else { return mustBe("note", "text") }
        let length = Text.length(note)
        return length > Entry.maximumNoteLength
          ? HabitError.noteTooLong(length: length).message : nil
      default: return value.bool == nil ? mustBe(field, "true or false") : nil
      }
    case .place:
      guard RecordID.isValid(key) else { return badKey("place") }
      guard RecordFields.placeFields.contains(field) else { return unknownField(field, "place") }
      switch field {
      case "name":
        guard let name = value.text else { return mustBe("name", "text") }
        return Text.trimmed(name).isEmpty ? HabitError.placeNameEmpty.message : nil
      case "latitude":
        guard let micro = value.int, micro >= -90_000_000, micro <= 90_000_000 else {
          return mustBe("latitude", "between -90 and 90 degrees (in millionths)")
        }
        return nil
      case "longitude":
        guard let micro = value.int, micro >= -180_000_000, micro <= 180_000_000 else {
          return mustBe("longitude", "between -180 and 180 degrees (in millionths)")
        }
        return nil
      case "radius":
        guard let meters = value.int, meters >= 1, meters <= 100_000 else {
          return mustBe("radius", "between 1 and 100,000 metres")
        }
        return nil
      default: return value.bool == nil ? mustBe(field, "true or false") : nil
      }
    case .setting:
      guard RecordID.isValid(key) else { return badKey("setting") }
      guard field == "value" else { return unknownField(field, "setting") }
      if let text = value.text, text.utf8.count > maximumSettingLength {
        return "A setting can be at most \(maximumSettingLength) bytes."
      }
      return nil
    }
  }

  private static func habitProblem(_ field: String, _ value: FieldValue) -> String? {
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
    case "title":
      let length = Text.length(Text.trimmed(text))
      if length == 0 { return HabitError.emptyTitle.message }
      if length > HabitError.maximumTitleLength {
        return HabitError.titleTooLong(length: length).message
      }
      return nil
    case "description":
      let length = Text.length(text)
      return length > HabitError.maximumDescriptionLength
        ? HabitError.descriptionTooLong(length: length).message : nil
    case "category":
      return RecordID.isValid(text) ? nil : HabitError.missingCategory.message
    case "schedule":
      guard let schedule = FieldText.schedule(text) else {
        return mustBe(field, "a known schedule")
      }
      return schedule.problem?.message
    case "measure":
      guard let measure = FieldText.measure(text) else { return mustBe(field, "a known measure") }
      switch measure {
      case .done: return nil
      case .count(let step, let target):
        if step < 1 { return HabitError.countStepNotPositive.message }
        return (0...HabitError.maximumAmount).contains(target)
          ? nil : HabitError.countTargetOutOfRange.message
      case .quantity(let target, let unit):
        if target <= .zero { return HabitError.quantityTargetNotPositive.message }
        if target > Amount(HabitError.maximumAmount) { return HabitError.amountTooLarge.message }
        let length = Text.length(Text.trimmed(unit))
        if length == 0 { return HabitError.missingUnit.message }
        return length > HabitError.maximumUnitLength ? HabitError.unitTooLong.message : nil
      }
    case "direction": return Direction(rawValue: text) == nil ? mustBe(field, "build or quit") : nil
    case "start": return Day(iso: text) == nil ? mustBe(field, "a date written yyyy-MM-dd") : nil
    case "goal":
      guard let goal = FieldText.goal(text) else { return mustBe(field, "a known goal") }
      switch goal {
      case .forever: return nil
      case .days(let count), .weeks(let count), .months(let count):
        if count < 1 { return HabitError.goalNotPositive.message }
        return count > HabitError.maximumGoalLength ? HabitError.goalTooLong.message : nil
      }
    case "emoji": return Text.length(text) > 1 ? HabitError.emojiNotSingle.message : nil
    case "color":
      return HabitColor(hex: text) == nil ? mustBe(field, "a color written #RRGGBB") : nil
    case "timeOfDay":
      return TimeOfDay(rawValue: text) == nil
        ? mustBe(field, "anytime, morning, afternoon or evening") : nil
    case "reminders":
      return FieldText.reminders(text) == nil ? mustBe(field, "a valid reminder") : nil
    default: return unknownField(field, "habit")
    }
  }

  private static func amountProblem(_ value: FieldValue, allowNegative: Bool) -> String? {
    guard let amount = value.int else { return mustBe("value", "an integer (thousandths)") }
    let limit = Int64(HabitError.maximumAmount) * 1000
    if amount > limit || amount < -limit { return HabitError.amountTooLarge.message }
    if !allowNegative && amount < 0 { return HabitError.amountNegative.message }
    return nil
  }

  private static func badKey(_ entity: String) -> String {
    "A \(entity) id must be 1 to \(RecordID.maximumLength) letters, digits, '-' or '_'."
  }

  private static func unknownField(_ field: String, _ entity: String) -> String {
    "\"\(field)\" is not a field of a \(entity)."
  }

  private static func mustBe(_ field: String, _ what: String) -> String {
    "\"\(field)\" must be \(what)."
  }
}
