/// What happened with one habit on one day: a value (1 for done, else the count or quantity), an
/// optional note, or a skip (a vacation or sick day that neither breaks nor extends a streak).
public struct Entry: Hashable, Sendable {
  public let day: Day
  public var value: Amount
  public var note: String
  public var isSkipped: Bool
  public var mark: EntryMark

  public init(
    day: Day, value: Amount = .zero, note: String = "", isSkipped: Bool = false,
    mark: EntryMark = .none
  ) {
    self.day = day
    self.value = value
    self.note = note
    self.isSkipped = isSkipped
    self.mark = mark
  }

  /// The value the day counts: none while it is skipped (a skip keeps no check-in).
  public var countedValue: Amount { isSkipped ? .zero : value }

  /// An entry with no value, no note and no skip carries nothing and is removed.
  public var isEmpty: Bool { value == .zero && note.isEmpty && !isSkipped && mark == .none }

  /// The most characters a note may have.
  public static let maximumNoteLength = 500
}
