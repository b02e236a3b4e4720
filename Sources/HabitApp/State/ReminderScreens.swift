public import HabitCore

/// The reminder screens (the editor's reminders, Account → Places and Notifications, in-app
/// reminders), linked only into the module the shell loads on demand: the first-load module
/// leaves them out to stay within its budget (BENCHMARKS.md), and keeps a habit's reminders as
/// they are until the other module takes over.
public struct ReminderScreens: Sendable {
  public var editor: @Sendable (HabitDraft, Tracker) -> String
  public var account: @Sendable (AppState) -> String
  public var deletePlace: @Sendable (PlaceID, AppState) -> String
  public var handle: @Sendable (inout AppState, String, String) -> [AppEffect]
  /// A reminder time typed at a position.
  public var time: @Sendable (inout AppState, Int, String) -> Void
  /// Fills the form's reminder fields from the habit's reminders.
  public var load: @Sendable (inout HabitDraft, Reminders) -> Void
  /// Puts the form's reminders into the habit it saves.
  public var apply: @Sendable (HabitDraft, inout Habit) -> Void
  /// What is wrong with the form's reminders, in words.
  public var problems: @Sendable (HabitDraft) -> [String]

  /// Everything, for the module that loads on demand and for the native tests.
  public static let all = ReminderScreens(
    editor: { EditorView.reminders($0, tracker: $1) },
    account: { PlacesView.render($0) + NotificationsView.render($0) },
    deletePlace: { id, state in
      var habits: [String] = []
      for habit in state.tracker.sortedHabits where habit.reminders.place?.place == id {
        habits.append(habit.title)
      }
      let name = state.tracker.places[id]?.name ?? ""
      return "<p>" + HTML.escape(Strings.deletePlaceBody(name, habits: habits)) + "</p>"
    },
    handle: { $0.remind($1, $2) },
    time: { state, index, text in state.editDraft { $0.setReminderTime(index, text) } },
    load: { $0.load($1) }, apply: { $1.reminders = $0.reminders },
    problems: { $0.reminderProblems })
}

extension AppEvent {
  /// A reminder screen's event.
  static func reminder(_ field: ReminderField, _ value: String) -> AppEvent {
    .remind(field.text, value)
  }
}

/// The reminder screens this module has: nil in the first-load module.
nonisolated(unsafe) public var reminderScreens: ReminderScreens?
