import HabitInterop
import Testing

@Test func anImportErrorNamesTheFileAndLineItConcerns() {
  #expect(
    ImportError(file: "Habits.csv", line: 4, message: "The date 2021-02-30 does not exist.")
      .description == "Habits.csv, line 4: The date 2021-02-30 does not exist.")
  #expect(
    ImportError(file: "backup.zip", message: "This is not a zip file.").description
      == "backup.zip: This is not a zip file.")
}
