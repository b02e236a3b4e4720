/// The free-text fields people type, each with its limit, so REST, sync and the form measure a
/// field one way: trimmed, in characters as a person counts them.
public enum TextField: String, CaseIterable, Hashable, Sendable {
  case title
  case description
  case unit
  case emoji
  case note
  case categoryName
  case placeName
  case placeAddress

  /// The most characters the field may hold once trimmed.
  public var maximumLength: Int {
    switch self {
    case .title: return HabitError.maximumTitleLength
    case .description: return HabitError.maximumDescriptionLength
    case .unit: return HabitError.maximumUnitLength
    case .emoji: return 1
    case .note: return Entry.maximumNoteLength
    case .categoryName: return Category.maximumNameLength
    case .placeName: return Place.maximumNameLength
    case .placeAddress: return Place.maximumAddressLength
    }
  }

  /// Whether the field is prose that may span lines (line breaks and tabs are allowed there).
  public var allowsLineBreaks: Bool {
    self == .description || self == .note || self == .placeAddress
  }

  /// What a message calls the field.
  public var label: String {
    switch self {
    case .title: return "The name"
    case .description: return "The description"
    case .unit: return "The unit"
    case .emoji: return "The emoji"
    case .note: return "A note"
    case .categoryName: return "A category name"
    case .placeName: return "A place name"
    case .placeAddress: return "An address"
    }
  }

  /// What is wrong with `text` for this field, measured as it is stored (trimmed), if anything.
  /// An empty text passes here; the fields that require one say so themselves.
  public func problem(_ text: String) -> HabitError? {
    // A byte limit first, on the text as sent (padding counts: sync stores it untrimmed): it
    // keeps a huge text cheap to refuse and catches one "character" built from thousands of
    // combining marks.
    if text.utf8.count > maximumLength * Text.maximumBytesPerCharacter {
      return tooLong(length: text.unicodeScalars.count)
    }
    let clean = Text.trimmed(text)
    if clean.utf8.count > maximumLength * Text.maximumBytesPerCharacter {
      return tooLong(length: clean.unicodeScalars.count)
    }
    if Text.containsControlCharacter(clean, allowingLineBreaks: allowsLineBreaks) {
      return .controlCharacter(self)
    }
    let length = Text.length(clean)
    return length > maximumLength ? tooLong(length: length) : nil
  }

  /// The rule for a field that must say something: at least one visible character, then
  /// `problem(_:)`.
  public func problem(required text: String) -> HabitError? {
    guard Text.hasVisibleCharacter(text) else {
      switch self {
      case .title: return .emptyTitle
      case .unit: return .missingUnit
      case .categoryName: return .categoryNameEmpty
      case .placeName: return .placeNameEmpty
      case .description, .emoji, .note, .placeAddress: return problem(text)
      }
    }
    return problem(text)
  }

  private func tooLong(length: Int) -> HabitError {
    switch self {
    case .title: return .titleTooLong(length: length)
    case .description: return .descriptionTooLong(length: length)
    case .unit: return .unitTooLong
    case .emoji: return .emojiNotSingle
    case .note: return .noteTooLong(length: length)
    case .categoryName: return .categoryNameTooLong(length: length)
    case .placeName: return .placeNameTooLong(length: length)
    case .placeAddress: return .placeAddressTooLong(length: length)
    }
  }
}
