/// One record's fields and the state each holds, kept in one small array: nearly every record is
/// a day's entry with a single field, and a dictionary per record took half again as much of the
/// memory of a server holding thousands of accounts, and of the time to load each.
public struct FieldStates: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  public typealias Element = (key: String, value: FieldState)

  fileprivate struct Named: Equatable, Sendable {
    let name: String
    var state: FieldState
  }

  private var named: [Named]

  public init() { named = [] }

  public init(dictionaryLiteral elements: (String, FieldState)...) {
    named = []
    for (name, state) in elements { self[name] = state }
  }

  public var isEmpty: Bool { named.isEmpty }

  public var count: Int { named.count }

  /// The field's state; setting nil removes the field.
  public subscript(name: String) -> FieldState? {
    // Out of line: read at dozens of places, inlined it cost the web app's first load bytes.
    @inline(never) get {
      guard let index = index(of: name) else { return nil }
      return named[index].state
    }
    @inline(never) set {
      if let index = index(of: name) {
        if let newValue { named[index].state = newValue } else { named.remove(at: index) }
      } else if let newValue {
        if named.isEmpty { named.reserveCapacity(1) }
        named.append(Named(name: name, state: newValue))
      }
    }
  }

  /// Equal when they hold the same fields in the same states, in whatever order they were set.
  @inline(never) public static func == (lhs: FieldStates, rhs: FieldStates) -> Bool {
    lhs.count == rhs.count && lhs.named.allSatisfy { rhs[$0.name] == $0.state }
  }

  public func makeIterator() -> Iterator { Iterator(named: named) }

  /// The fields in the order they were first set.
  public struct Iterator: IteratorProtocol {
    private let named: [Named]
    private var position = 0

    fileprivate init(named: [Named]) { self.named = named }

    @inline(never) public mutating func next() -> Element? {
      guard position < named.count else { return nil }
      position += 1
      return (named[position - 1].name, named[position - 1].state)
    }
  }

  private func index(of name: String) -> Int? {
    named.firstIndex { $0.name == name }
  }
}
