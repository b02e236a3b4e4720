/// `habit today` (and `habit` alone in a terminal) recognised without ArgumentParser: the
/// parser's reflection and the runtime's conformance scans it sets off cost more than the list
/// itself, and this is the command people run most. Anything else returns nil for the parser.
public enum TodayShortcut {
  /// The exit status of `habit today` for `arguments` (without the program's name), or nil when
  /// they hold anything but `today`, `--json`, `--date DAY` and `--data-dir FOLDER`.
  public static func run(_ arguments: [String], isTerminal: Bool) async -> Int32? {
    guard let request = Request(arguments, isTerminal: isTerminal) else { return nil }
    let context = CLIContext.live(dataDirectory: request.dataDirectory)
    return await CLIRunner.status(in: context) { () async throws(CLIError) in
      try await TodayCommand.show(date: request.date, json: request.json, in: context)
    }
  }

  /// The options of one `habit today`, each given at most once.
  struct Request: Equatable {
    var json = false
    var date: String?
    var dataDirectory: String?

    init?(_ arguments: [String], isTerminal: Bool) {
      var rest = arguments[...]
      if rest.first == "today" {
        rest = rest.dropFirst()
      } else if !(rest.isEmpty && isTerminal) {
        return nil
      }
      while let argument = rest.popFirst() {
        let (name, attached) = Self.split(argument)
        switch name {
        case "--json" where attached == nil && !json:
          json = true
        case "--date" where date == nil:
          guard let value = attached ?? Self.value(&rest) else { return nil }
          date = value
        case "--data-dir" where dataDirectory == nil:
          guard let value = attached ?? Self.value(&rest) else { return nil }
          dataDirectory = value
        default:
          return nil
        }
      }
    }

    /// `--name=value` as its two halves; anything else as itself.
    private static func split(_ argument: String) -> (String, String?) {
      guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
        return (argument, nil)
      }
      return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The next argument as an option's value, unless it is missing or another option.
    private static func value(_ rest: inout ArraySlice<String>) -> String? {
      guard let next = rest.first, !next.hasPrefix("-") else { return nil }
      return rest.popFirst()
    }
  }
}
