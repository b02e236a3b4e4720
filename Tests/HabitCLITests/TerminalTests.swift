import Foundation
import HabitCLI
import HabitCore
import Testing

/// `habit` as a person uses it in a terminal: the built executable in tmux.
@Suite(.serialized) struct TerminalTests {
  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-tmux-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func monthTitle(_ day: Day) -> String {
    let names = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ]
    return names[day.month - 1] + " \(day.year)"
  }

  @Test func addDoneTodayAndMonthShowWhatAPersonExpects() async throws {
    try #require(FileManager.default.isExecutableFile(atPath: Tmux.habit), "build habit first")
    let terminal = try await Tmux.start(dataFolder: try Self.folder())
    await terminal.waitFor("$")
    try await terminal.type(
      "habit add Read --emoji 📚 && habit add Water --quantity 8 --unit glasses")
    await terminal.waitFor("Added Water (every day).")
    try await terminal.clear()
    try await terminal.type("habit done read && habit log water 3")
    let marked = await terminal.waitFor("Water  3/8 glasses")
    #expect(marked.contains("✓ 📚 Read"))
    try await terminal.clear()
    // With no command in a terminal, habit shows today.
    // The echo's output (not the typed line) says the command finished printing.
    try await terminal.type("habit; echo shown-$((1+1))")
    let today = await terminal.waitFor("shown-2")
    #expect(today.contains("1 of 2 done"))
    #expect(today.contains("1  ✓ 📚 Read"))
    #expect(today.contains("2  ○ Water   3/8 glasses"))
    #expect(today.contains("🔥 1 day"))
    try await terminal.clear()
    try await terminal.type("habit done 2 && habit month")
    let month = await terminal.waitFor("All habits · ")
    #expect(month.contains("All habits · " + Self.monthTitle(CLIContext.localToday())))
    #expect(month.contains(" Mo Tu We Th Fr Sa Su"))
    #expect(month.contains("■"))
    try await terminal.clear()
    try await terminal.type("habit done nothing-like-this; echo status=$?")
    let error = await terminal.waitFor("status=4")
    #expect(error.contains("habit: No habit is called \"nothing-like-this\"."))
  }

  @Test func noColorKeepsTheSymbolsAndDropsTheColours() async throws {
    try #require(FileManager.default.isExecutableFile(atPath: Tmux.habit), "build habit first")
    let terminal = try await Tmux.start(dataFolder: try Self.folder())
    await terminal.waitFor("$")
    try await terminal.type("habit add Read && habit done read")
    await terminal.waitFor("Read")
    try await terminal.clear()
    try await terminal.type("NO_COLOR=1 habit today; echo plain-$((1+1))")
    let plain = await terminal.waitFor("plain-2")
    #expect(plain.contains("1 of 1 done"))
    #expect(plain.contains("1  ✓ Read"))
    #expect(!(await terminal.styledScreen).contains("\u{1B}["))
    try await terminal.clear()
    try await terminal.type("habit today; echo styled-$((1+1))")
    #expect(await terminal.waitFor("styled-2").contains("1 of 1 done"))
    #expect((await terminal.styledScreen).contains("\u{1B}["))
  }

  @Test func loginHidesThePasswordAndChangesSyncInTheBackground() async throws {
    try #require(FileManager.default.isExecutableFile(atPath: Tmux.habit), "build habit first")
    try await withLiveServer { server, email in
      let terminal = try await Tmux.start(dataFolder: try Self.folder())
      await terminal.waitFor("$")
      try await terminal.type("habit add Stretch")
      await terminal.waitFor("Added Stretch")
      try await terminal.type("habit login \(server) --email \(email)")
      await terminal.waitFor("Password:")
      try await terminal.type("correct horse")
      let signedIn = await terminal.waitFor("Synced: ")
      #expect(signedIn.contains("Signed in to \(server) as \(email)."))
      #expect(!signedIn.contains("correct horse"))
      try await terminal.clear()
      // A change returns at once; the background sync carries it to the server.
      try await terminal.type("habit done stretch")
      await terminal.waitFor("✓ Stretch")
      // The terminal's habit starts on the real day, so the other device looks at that day.
      let other = CLIHarness(today: CLIContext.localToday())
      await other.succeed("login", server, "--email", email, answers: ["correct horse"])
      let deadline = Date().addingTimeInterval(20)
      var seen = ""
      while Date() < deadline {
        await other.succeed("sync")
        seen = await other.succeed("today")
        if seen.contains("[x] Stretch") { break }
        try await Task.sleep(for: .milliseconds(100))
      }
      #expect(seen.contains("[x] Stretch"), "\(seen)")
      // The background sync may still be saving its answer: whatever this one sends, nothing
      // is left waiting afterwards.
      try await terminal.type("habit sync")
      await terminal.waitFor("Synced: ")
      try await terminal.type("habit sync")
      await terminal.waitFor("Synced: 0 changes sent")
    }
  }
}
