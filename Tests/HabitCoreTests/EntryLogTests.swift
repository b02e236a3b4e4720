import HabitCore
import PropertyBased
import Testing

@Suite struct EntryLogTests {
  /// Each code is a day (code / 3, so days repeat) and a value (code % 3, zero leaving the day
  /// empty), in the order given.
  private func entries(_ codes: [Int]) -> [Entry] {
    codes.map { code in
      Entry(day: Day(daysSince1970: 20_000 + code / 3), value: Amount(code % 3))
    }
  }

  @Test func aLogBuiltAtOnceHoldsWhatSettingEachEntryInTurnWould() async {
    await propertyCheck(count: 300, input: Gen.int(in: 0...59).array(of: 0...40)) { codes in
      let given = entries(codes)
      var oneByOne = EntryLog()
      for entry in given { oneByOne.set(entry) }
      #expect(EntryLog(given) == oneByOne)
    }
  }

  @Test func entriesAlreadyInDayOrderAreKeptAsTheyAre() async {
    await propertyCheck(count: 300, input: Gen.int(in: 0...59).array(of: 0...40)) { codes in
      var byDay: [Int: Entry] = [:]
      for entry in entries(codes) where !entry.isEmpty { byDay[entry.day.daysSince1970] = entry }
      let ordered = byDay.keys.sorted().compactMap { byDay[$0] }
      #expect(EntryLog(ordered).entries == ordered)
    }
  }
}
