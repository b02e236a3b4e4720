/// Everything a person can get wrong, each with a message they can act on. Thrown (typed) by every
/// rule, so faces show `message` and nothing is saved.
public enum HabitError: Error, Hashable, Sendable {
  case emptyTitle
  case titleTooLong(length: Int)
  case descriptionTooLong(length: Int)
  case missingCategory
  case unknownCategory
  case goalNotPositive
  case goalTooLong
  case noWeekdays
  case intervalOutOfRange(Int)
  case timesPerWeekOutOfRange(Int)
  case timesPerMonthOutOfRange(Int)
  case timesInDaysOutOfRange(Int, days: Int)
  case countStepNotPositive
  case countTargetOutOfRange
  case quantityTargetNotPositive
  case missingUnit
  case unitTooLong
  case emojiNotSingle
  case reminderWithoutWeekdays
  case reminderPlaceUnknown
  case futureDay(Day)
  case dayBeforeStart(start: Day)
  case dayAfterGoal(end: Day)
  case wrongMeasure
  case amountNegative
  case amountTooLarge
  case noteTooLong(length: Int)
  case habitNotFound
  case habitAlreadyExists
  case categoryNotFound
  case categoryNameEmpty
  case categoryNameTooLong(length: Int)
  case categoryNameTaken(String)
  case placeNameEmpty
  case placeNotFound
  case controlCharacter(TextField)
  case placeNameTooLong(length: Int)
  case placeAddressTooLong(length: Int)
  case startOutOfRange(latest: Day)
  case dayTooEarly
  case countNotWhole
  case tooManyReminderTimes
  case coordinatesOutOfRange
  case radiusOutOfRange
  case pauseOutOfRange
  /// A skip asked for a day that holds a check-in (the caller names the habit and day).
  case dayHoldsCheckIn

  /// The limit on a title, in characters as a person counts them (an emoji counts once).
  public static let maximumTitleLength = 38
  public static let maximumDescriptionLength = 500
  public static let maximumUnitLength = 20
  public static let maximumGoalLength = 3650
  public static let maximumInterval = 365
  /// A day's count or quantity may not exceed this (in whole units).
  public static let maximumAmount = 1_000_000

  /// A stable machine-readable name for APIs ("empty_title").
  public var code: String {
    switch self {
    case .emptyTitle: return "empty_title"
    case .titleTooLong: return "title_too_long"
    case .descriptionTooLong: return "description_too_long"
    case .missingCategory: return "missing_category"
    case .unknownCategory: return "unknown_category"
    case .goalNotPositive: return "goal_not_positive"
    case .goalTooLong: return "goal_too_long"
    case .noWeekdays: return "no_weekdays"
    case .intervalOutOfRange: return "interval_out_of_range"
    case .timesPerWeekOutOfRange: return "times_per_week_out_of_range"
    case .timesPerMonthOutOfRange: return "times_per_month_out_of_range"
    case .timesInDaysOutOfRange: return "times_in_days_out_of_range"
    case .countStepNotPositive: return "count_step_not_positive"
    case .countTargetOutOfRange: return "count_target_out_of_range"
    case .quantityTargetNotPositive: return "quantity_target_not_positive"
    case .missingUnit: return "missing_unit"
    case .unitTooLong: return "unit_too_long"
    case .emojiNotSingle: return "emoji_not_single"
    case .reminderWithoutWeekdays: return "reminder_without_weekdays"
    case .reminderPlaceUnknown: return "reminder_place_unknown"
    case .futureDay: return "future_day"
    case .dayBeforeStart: return "day_before_start"
    case .dayAfterGoal: return "day_after_goal"
    case .wrongMeasure: return "wrong_measure"
    case .amountNegative: return "amount_negative"
    case .amountTooLarge: return "amount_too_large"
    case .noteTooLong: return "note_too_long"
    case .habitNotFound: return "habit_not_found"
    case .habitAlreadyExists: return "habit_already_exists"
    case .categoryNotFound: return "category_not_found"
    case .categoryNameEmpty: return "category_name_empty"
    case .categoryNameTooLong: return "category_name_too_long"
    case .categoryNameTaken: return "category_name_taken"
    case .placeNameEmpty: return "place_name_empty"
    case .placeNotFound: return "place_not_found"
    case .controlCharacter: return "control_character"
    case .placeNameTooLong: return "place_name_too_long"
    case .placeAddressTooLong: return "place_address_too_long"
    case .startOutOfRange: return "start_out_of_range"
    case .dayTooEarly: return "day_too_early"
    case .countNotWhole: return "count_not_whole"
    case .tooManyReminderTimes: return "too_many_reminder_times"
    case .coordinatesOutOfRange: return "coordinates_out_of_range"
    case .radiusOutOfRange: return "radius_out_of_range"
    case .pauseOutOfRange: return "pause_out_of_range"
    case .dayHoldsCheckIn: return "day_holds_check_in"
    }
  }

  /// A sentence for the person, naming what to fix.
  public var message: String {
    switch self {
    case .emptyTitle:
      return "Give your habit a name."
    case .titleTooLong(let length):
      return
        "The name can be at most \(Self.maximumTitleLength) characters; this one has \(length)."
    case .descriptionTooLong(let length):
      return
        "The note can be at most \(Self.maximumDescriptionLength) characters; this one has \(length)."
    case .missingCategory:
      return "Choose a category for your habit."
    case .unknownCategory:
      return "That category no longer exists. Choose another one."
    case .goalNotPositive:
      return "A goal needs at least 1 day, week or month. Choose Forever for no end."
    case .goalTooLong:
      return "A goal can be at most 10 years. Choose Forever for no end."
    case .noWeekdays:
      return "Pick at least one day of the week."
    case .intervalOutOfRange(let days):
      return
        "\"Every \(days) days\" isn't possible. Choose between 1 and \(Self.maximumInterval) days."
    case .timesPerWeekOutOfRange(let times):
      return "\(times) times a week isn't possible. Choose between 1 and 7."
    case .timesPerMonthOutOfRange(let times):
      return "\(times) times a month isn't possible. Choose between 1 and 31."
    case .timesInDaysOutOfRange(let times, let days):
      return (times == 1 ? "Once" : "\(times) times")
        + " in \(days) days isn't possible. Choose 2 to "
        + "\(Self.maximumInterval) days, and at most as many times."
    case .countStepNotPositive:
      return "Each tap must add at least 1."
    case .countTargetOutOfRange:
      return "Set a daily target between 1 and \(Self.maximumAmount)."
    case .quantityTargetNotPositive:
      return "Set a daily target above 0, such as 8 glasses or 30 minutes."
    case .missingUnit:
      return "Say what you are measuring, such as glasses, minutes or pages."
    case .unitTooLong:
      return "The unit can be at most \(Self.maximumUnitLength) characters."
    case .emojiNotSingle:
      return "Choose a single emoji."
    case .reminderWithoutWeekdays:
      return "Pick at least one day for the reminder."
    case .reminderPlaceUnknown:
      return "The place for this reminder no longer exists. Choose another one."
    case .futureDay(let day):
      return "\(DayFormat.long(day)) hasn't happened yet, so it can't be marked."
    case .dayBeforeStart(let start):
      return "This habit starts on \(DayFormat.long(start)), so earlier days can't be marked."
    case .dayAfterGoal(let end):
      return
        "This habit's goal ended on \(DayFormat.long(end.advanced(by: -1))), so later days can't be marked."
    case .wrongMeasure:
      return "This habit isn't tracked that way."
    case .amountNegative:
      return "Enter an amount of 0 or more."
    case .amountTooLarge:
      return "That amount is too large."
    case .noteTooLong(let length):
      return "A note can be at most \(Entry.maximumNoteLength) characters; this one has \(length)."
    case .habitNotFound:
      return "That habit no longer exists."
    case .habitAlreadyExists:
      return "That habit already exists."
    case .categoryNotFound:
      return "That category no longer exists."
    case .categoryNameEmpty:
      return "Give the category a name."
    case .categoryNameTooLong(let length):
      return
        "A category name can be at most \(Category.maximumNameLength) characters; this one has \(length)."
    case .categoryNameTaken(let name):
      return "You already have a category called \"\(name)\"."
    case .placeNameEmpty:
      return "Give the place a name."
    case .placeNotFound:
      return "That place no longer exists."
    case .controlCharacter(let field):
      return field.allowsLineBreaks
        ? "\(field.label) can't contain control characters."
        : "\(field.label) can't contain line breaks, tabs or other control characters."
    case .placeNameTooLong(let length):
      return
        "A place name can be at most \(Place.maximumNameLength) characters; this one has \(length)."
    case .placeAddressTooLong(let length):
      return
        "An address can be at most \(Place.maximumAddressLength) characters; this one has \(length)."
    case .startOutOfRange(let latest):
      return
        "A habit can start between \(DayFormat.long(DayRange.earliest)) and \(DayFormat.long(latest))."
    case .dayTooEarly:
      return "Days before \(DayFormat.long(DayRange.earliest)) can't be marked."
    case .countNotWhole:
      return "A count is a whole number, such as 3."
    case .tooManyReminderTimes:
      return "A habit can have at most \(Reminders.maximumTimes) reminder times."
    case .coordinatesOutOfRange:
      return "A place needs a latitude between -90 and 90 and a longitude between -180 and 180."
    case .radiusOutOfRange:
      return "A place's radius must be between 1 and \(Place.maximumRadius) metres."
    case .pauseOutOfRange:
      return "A pause ends on or after its first day and lasts at most \(Pause.maximumDays) days."
    case .dayHoldsCheckIn:
      return "This day has a check-in: undo the check-in first to skip it."
    }
  }
}
