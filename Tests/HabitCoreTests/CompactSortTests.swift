import HabitCore
import PropertyBased
import Testing

@Suite struct CompactSortTests {
  @Test func orderingAgreesWithTheStandardLibrarysStableSort() async {
    await propertyCheck(count: 500, input: Gen.int(in: 0...20).array(of: 0...200)) { keys in
      // Pairs of (key, position): equal keys must keep their positions' order.
      let items = keys.enumerated().map { (key: $0.element, position: $0.offset) }
      let ours = items.ordered { $0.key < $1.key }
      let standard = items.sorted { $0.key < $1.key }
      #expect(ours.map(\.position) == standard.map(\.position))
    }
  }

  @Test func comparableElementsComeOutAscending() {
    #expect([5, 3, 9, 1, 3].ordered() == [1, 3, 3, 5, 9])
    #expect([Int]().ordered().isEmpty)
  }
}
