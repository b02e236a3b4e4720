import HabitCore
import HabitSync

extension AppState {
  /// The reminder screens' events: the editor's fields, Places, and Notifications. The shell's
  /// reports (the clock, the position, push) are not the person's: they keep the notice, which
  /// may be a reminder.
  mutating func remind(_ name: String, _ value: String) -> [AppEffect] {
    guard let field = ReminderField(text: name) else { return [] }
    if field.rawValue < ReminderField.permission.rawValue {
      notice = nil
      habits.saved = nil
    }
    if field.rawValue <= ReminderField.trigger.rawValue {
      editDraft { $0.remind(field, value) }
      return []
    }
    if field.rawValue >= ReminderField.permission.rawValue { return notify(field, value) }
    return editPlace(field, value)
  }

  /// The Places panel's fields and buttons.
  mutating func editPlace(_ field: ReminderField, _ value: String) -> [AppEffect] {
    switch field {
    case .edit:
      if let place = tracker.places[PlaceID(value)] { placeForm = PlaceForm(editing: place) }
    case .cancel:
      placeForm = PlaceForm()
    case .delete:
      dialog = .deletePlace(PlaceID(value))
    case .locate:
      placeForm.message = nil
      return [.shell("locate", "")]
    case .save:
      let id = placeForm.editing ?? PlaceID(newID())
      guard let place = placeForm.place(id: id, base: tracker.places[id]) else {
        placeForm.message = Strings.badCoordinates
        return []
      }
      let effects = perform(.savePlace(place))
      placeForm.message = notice
      notice = nil
      if placeForm.message == nil { placeForm = PlaceForm() }
      return effects
    default:
      placeForm.set(field, value)
    }
    return []
  }

  /// The Notifications panel's buttons go to the shell; its reports, the clock and the
  /// position come from it.
  mutating func notify(_ field: ReminderField, _ value: String) -> [AppEffect] {
    if notifications.report(field, value) { return [] }
    switch field {
    case .tick:
      return tick(minute: Int(value) ?? 0)
    case .at:
      let parts = value.split(separator: ",")
      guard parts.count == 2, let latitude = Int(String(parts[0])),
        let longitude = Int(String(parts[1]))
      else { return [] }
      var effects: [AppEffect] = []
      for habit in reminderClock.places.move(
        latitudeMicro: latitude, longitudeMicro: longitude, in: tracker, on: today)
      {
        guard let reminder = habit.reminders.place else { continue }
        let place = tracker.places[reminder.place]?.name ?? ""
        effects += remind(
          habit, reminder.trigger == .arrive ? "arriving at " + place : "leaving " + place)
      }
      return effects
    default:
      notifications.message = nil
      return [.shell(field.text, value)]
    }
  }

  /// Shows the time reminders due since the last minute checked (only this minute's at the
  /// first check of a day), by HabitCore's rule, and asks for the position while a place
  /// reminder is set.
  private mutating func tick(minute: Int) -> [AppEffect] {
    let after = reminderClock.day == today ? reminderClock.minute : minute - 1
    reminderClock.day = today
    reminderClock.minute = minute
    var effects: [AppEffect] = []
    var places = false
    for habit in tracker.sortedHabits {
      places = places || (habit.reminders.place != nil && !habit.isArchived)
      guard habit.remindsOn(today, entry: tracker.log(habit.id)[today]) else { continue }
      for time in habit.reminders.times
      where time.minutesSinceMidnight > after && time.minutesSinceMidnight <= minute {
        effects += remind(habit, time.text)
      }
    }
    if places { effects.append(.shell("watch", "")) }
    return effects
  }

  /// A reminder as a notification where the browser allows one, else as the page's notice.
  private mutating func remind(_ habit: Habit, _ when: String) -> [AppEffect] {
    let title = habit.emoji.isEmpty ? habit.title : habit.emoji + " " + habit.title
    if case .granted = notifications.permission {
      return [.shell("show", habit.id.rawValue + "\n" + title + "\n" + when)]
    }
    notice = Strings.reminderDue(title, when)
    return []
  }
}
