import HabitCore
import HabitInterop
import HabitSync
import PropertyBased
import Testing

/// Ids derived from the source's keys: the same key always gives the same id, a valid record id.
@Suite struct IdentityTests {
  @Test func anIdIsTheFNV1aHashOfFormatAndKey() {
    #expect(ImportID.habit(.beaver, "42") == HabitID("h7bd924b018c69d38"))
    #expect(ImportID.category(.beaver, "42") == CategoryID("c7bd924b018c69d38"))
    #expect(ImportID.place(.beaver, "42") == PlaceID("p7bd924b018c69d38"))
    #expect(ImportID.habit(.loopCSV, "Meditate") == HabitID("hbfc747edd438e169"))
  }

  @Test func everyKeyGivesAValidRecordIDThatDependsOnTheFormat() async {
    await propertyCheck(count: 200, input: Gen.int(in: 0...0x10FFFF).array(of: 0...40)) {
      scalars in
      var key = ""
      for value in scalars { key.unicodeScalars.append(Unicode.Scalar(UInt32(value)) ?? "?") }
      let loop = ImportID.habit(.loopCSV, key)
      #expect(RecordID.isValid(loop.rawValue) && loop.rawValue.utf8.count == 17)
      #expect(loop == ImportID.habit(.loopCSV, key))
      #expect(loop != ImportID.habit(.loopDatabase, key))
      #expect(RecordID.isValid(ImportID.category(.harsh, key).rawValue))
    }
  }
}
