import HabitSync

/// The message the shell sends when a person presses or types: `{"t":"event",…}`.
func event(_ name: String, _ argument: String = "", _ value: String = "") -> String {
  JSONWriter.write(
    .object([
      ("t", .string("event")), ("name", .string(name)), ("arg", .string(argument)),
      ("value", .string(value)),
    ]))
}
