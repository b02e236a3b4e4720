import HabitSync
import PropertyBased
import Testing

@Suite struct FieldStatesTests {
  private let names = ["value", "note", "skipped", "mark", "deleted"]

  private func state(_ number: Int) -> FieldState {
    FieldState(
      value: .int(Int64(number)), stamp: Stamp(wall: noon + Int64(number), counter: 0, device: "d"),
      changeID: "d.\(number)")
  }

  /// Each code sets a field (even) or removes one (odd); the name and the state come from it.
  private func run(_ codes: [Int]) -> (FieldStates, [String: FieldState]) {
    var states = FieldStates()
    var model: [String: FieldState] = [:]
    for code in codes {
      let name = names[code % names.count]
      let value = code % 2 == 0 ? state(code) : nil
      states[name] = value
      model[name] = value
    }
    return (states, model)
  }

  @Test func setsAndRemovalsLeaveWhatADictionaryWould() async {
    await propertyCheck(count: 300, input: Gen.int(in: 0...39).array(of: 0...30)) { codes in
      let (states, model) = run(codes)
      #expect(states.count == model.count)
      #expect(states.isEmpty == model.isEmpty)
      for name in names { #expect(states[name] == model[name]) }
      var seen: [String: FieldState] = [:]
      for (name, state) in states {
        #expect(seen[name] == nil)
        seen[name] = state
      }
      #expect(seen == model)
    }
  }

  @Test func recordsWithTheSameFieldsAreEqualWhateverOrderTheyWereSetIn() async {
    await propertyCheck(count: 200, input: Gen.int(in: 0...39).array(of: 0...30)) { codes in
      let (states, model) = run(codes)
      var reversed = FieldStates()
      for (name, state) in model.sorted(by: { $0.key > $1.key }) { reversed[name] = state }
      #expect(reversed == states)
      if let (name, held) = model.first {
        var changed = reversed
        changed[name] = state(Int(held.value.int ?? 0) + 1)
        #expect(changed != states)
        changed[name] = nil
        #expect(changed != states)
      }
    }
  }

  @Test func removingTheFirstFieldSetKeepsTheOthers() {
    var states: FieldStates = ["value": state(1), "note": state(2), "mark": state(3)]
    states["value"] = nil
    #expect(states.count == 2)
    #expect(states["value"] == nil && states["note"] == state(2) && states["mark"] == state(3))
    states["note"] = nil
    states["mark"] = nil
    #expect(states.isEmpty && states == FieldStates())
  }
}
