import ArgumentParser
import HabitCLI
import Testing

/// Every command's help is paragraphs the parser wraps to the terminal, with examples.
@Suite struct HelpTests {
  @Test func everyCommandHasExamplesAndParagraphsWithoutHardBreaks() {
    for command in HabitCLI.commands {
      let configuration = command.configuration
      let name = configuration.commandName ?? "\(command)"
      for paragraph in configuration.discussion.split(separator: "\n\n")
      where !paragraph.hasPrefix("Examples:") {
        #expect(!paragraph.contains("\n"), "habit \(name): \(paragraph)")
      }
      let help = command.helpMessage(columns: 80)
      #expect(help.contains("Examples:\n  habit \(name)"), "habit \(name) --help")
    }
    #expect(
      HabitCLI.discussion.split(separator: "\n\n").filter {
        !$0.hasPrefix("Examples:") && $0.contains("\n")
      }.isEmpty)
  }
}
