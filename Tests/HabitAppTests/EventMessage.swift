import HabitApp
import HabitSync

/// The message the shell sends when a person presses or types: `{"t":"event",…}`.
func event(_ name: String, _ argument: String = "", _ value: String = "") -> String {
  JSONWriter.write(
    .object([
      ("t", .string("event")), ("name", .string(name)), ("arg", .string(argument)),
      ("value", .string(value)),
    ]))
}

/// A booted app, past onboarding, signed in as ada@example.com.
func signedInHost() -> AppHost {
  var host = AppHost()
  _ = host.handle(
    #"{"t":"boot","device":"web-a","now":1795348800000,"today":"2026-11-22","snapshot":null,"onboarded":true}"#
  )
  _ = host.handle(#"{"t":"account","email":"ada@example.com"}"#)
  return host
}
