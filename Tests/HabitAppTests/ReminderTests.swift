import HabitApp
import HabitCore
import HabitSync
import Testing

private let today = Day(iso: "2026-11-23")!  // a Monday
private let noon: Int64 = 1_795_435_200_000

private func makeApp() -> AppState {
  reminderScreens = .all
  var state = AppState(replica: Replica(device: "web-test"), today: today, now: noon)
  _ = state.handle("onboard-done", argument: "", value: "")
  return state
}

private func send(_ state: inout AppState, _ name: String, _ argument: String, _ value: String = "")
  -> [AppEffect]
{
  state.handle(name, argument: argument, value: value)
}

/// Opens the add sheet for `title` with its reminder fields filled by `fields`, and saves.
@discardableResult
private func add(_ state: inout AppState, _ title: String, _ fields: [(String, String)])
  -> [AppEffect]
{
  _ = send(&state, "open-add", "")
  _ = send(&state, "draft", "title", title)
  _ = send(&state, "draft", "category", "self")
  for (field, value) in fields {
    if field.hasPrefix("@") {
      _ = send(&state, "remind-time", String(field.dropFirst()), value)
    } else {
      _ = send(&state, ReminderField(text: field) == nil ? "draft" : "remind", field, value)
    }
  }
  return send(&state, "save", "")
}

private func addPlace(
  _ state: inout AppState, _ name: String, _ latitude: String, _ longitude: String
) {
  _ = send(&state, "remind", "name", name)
  _ = send(&state, "remind", "latitude", latitude)
  _ = send(&state, "remind", "longitude", longitude)
  _ = send(&state, "remind", "save")
}

@Suite struct ReminderTests {
  @Test func theEditorSavesTimesOnWeekdaysAndShowsThemAgain() {
    var state = makeApp()
    add(
      &state, "Read",
      [
        ("scheduleKind", "weekdays"), ("add-time", ""), ("@0", "21:30"), ("add-time", ""),
        ("@1", "07:00"),
      ])
    let habit = state.tracker.sortedHabits[0]
    // The first reminder took the habit's days (every day here, as the schedule's default set).
    #expect(habit.reminders.times.map(\.text) == ["21:30", "07:00"])
    _ = send(&state, "open-edit", habit.id.rawValue)
    let html = Render.page(state).html
    #expect(html.contains("value=\"07:00\"") && html.contains("value=\"21:30\""))
    _ = send(&state, "remind", "remove-time", "0")
    for day in [6, 7] { _ = send(&state, "remind", "remind-day", String(day)) }
    _ = send(&state, "save", "")
    let saved = state.tracker.habit(habit.id)!.reminders
    #expect(saved.times.map(\.text) == ["07:00"] && saved.weekdays == .workdays)
  }

  @Test func theFirstReminderFollowsTheHabitsDays() {
    var draft = HabitDraft(today: today)
    draft.set("scheduleKind", "weekdays")
    draft.remind(.addTime, "")
    #expect(draft.reminderDays == draft.weekdays)
    var everyDay = HabitDraft(today: today)
    everyDay.reminderDays = .weekend
    everyDay.remind(.addTime, "")
    #expect(everyDay.reminderDays == .everyDay)
  }

  @Test func aBadTimeIsNamedAndNothingIsSaved() {
    var state = makeApp()
    add(&state, "Read", [("add-time", ""), ("@0", "25:00")])
    #expect(state.tracker.habits.isEmpty)
    #expect(state.dialog == .missingFields([Strings.badTime]))
    let html = Render.page(state).html
    #expect(html.contains("id=\"remind-0\"") && html.contains("aria-invalid=\"true\""))
    _ = send(&state, "dismiss", "")
    _ = send(&state, "remind-time", "0", "21:30")
    _ = send(&state, "save", "")
    #expect(state.tracker.sortedHabits.map(\.reminders.times) == [[ClockTime(text: "21:30")!]])
  }

  @Test func placesAreAddedRenamedAndDeletedAfterNamingTheirHabits() {
    var state = makeApp()
    addPlace(&state, "Gym", "52.52", "13.405")
    let gym = state.tracker.places.values.first!
    #expect(gym.latitudeMicro == 52_520_000 && state.placeForm.name.isEmpty)
    add(&state, "Lift", [("reminder-place", gym.id.rawValue), ("reminder-trigger", "0")])
    #expect(
      state.tracker.sortedHabits[0].reminders.place
        == PlaceReminder(place: gym.id, trigger: .arrive))
    _ = send(&state, "remind", "edit", gym.id.rawValue)
    _ = send(&state, "remind", "name", "Gym on Main St")
    _ = send(&state, "remind", "save")
    #expect(state.tracker.places[gym.id]?.name == "Gym on Main St")
    _ = send(&state, "remind", "delete", gym.id.rawValue)
    #expect(Render.page(state).html.contains("These habits remind you at Gym on Main St: Lift."))
    _ = send(&state, "confirm", "")
    #expect(state.tracker.places.isEmpty && state.tracker.sortedHabits[0].reminders.place == nil)
  }

  @Test func badCoordinatesAndANamelessPlaceAreRefusedWithTheirReason() {
    var state = makeApp()
    addPlace(&state, "Home", "52,5", "13")
    #expect(state.tracker.places.isEmpty && state.placeForm.message == Strings.badCoordinates)
    addPlace(&state, "Home", "95", "13")
    #expect(state.placeForm.message == HabitError.coordinatesOutOfRange.message)
    #expect(state.placeForm.name == "Home")
    _ = send(&state, "remind", "located", "48.8566 2.3522")
    _ = send(&state, "remind", "save")
    #expect(state.tracker.places.values.first?.longitudeMicro == 2_352_200)
  }

  @Test func dueTimesShowAsNotificationsOrTheNoticeButNotWhenDone() {
    var state = makeApp()
    add(&state, "Read", [("add-time", ""), ("@0", "21:30")])
    let id = state.tracker.sortedHabits[0].id
    #expect(send(&state, "remind", "tick", String(21 * 60 + 29)).isEmpty)
    _ = send(&state, "remind", "tick", String(21 * 60 + 30))
    #expect(state.notice == "Reminder: Read (21:30)")
    _ = send(&state, "remind", "permission", "granted")
    // The same minute again, and a clock gone back, remind no more.
    #expect(send(&state, "remind", "tick", String(21 * 60 + 30)).isEmpty)
    state.reminderClock.minute = 21 * 60 + 29
    #expect(
      send(&state, "remind", "tick", String(21 * 60 + 30)) == [
        .shell("show", id.rawValue + "\nRead\n21:30")
      ])
    _ = send(&state, "tap", id.rawValue)
    state.reminderClock.minute = 21 * 60 + 29
    #expect(send(&state, "remind", "tick", String(21 * 60 + 31)).isEmpty)
  }

  @Test func aPlaceReminderFiresOnArrivalWhileWatched() {
    var state = makeApp()
    addPlace(&state, "Gym", "52.52", "13.405")
    let gym = state.tracker.places.values.first!
    add(&state, "Lift", [("reminder-place", gym.id.rawValue)])
    #expect(send(&state, "remind", "tick", "600") == [.shell("watch", "")])
    _ = send(&state, "remind", "at", "52600000,13405000")
    #expect(state.notice == nil)
    _ = send(&state, "remind", "at", "52520000,13405000")
    #expect(state.notice == "Reminder: Lift (arriving at Gym)")
  }

  @Test func theNotificationsPanelSaysWhyPushCannotBeTurnedOn() {
    var state = makeApp()
    _ = send(&state, "tab", "account")
    #expect(Render.page(state).html.contains(Strings.pushSignedOut))
    state.connection.email = "a@example.com"
    _ = send(&state, "remind", "permission", "denied")
    #expect(Render.page(state).html.contains(Strings.pushDenied))
    _ = send(&state, "remind", "devices", "s1\tPixel\tEurope/Berlin\t1")
    _ = send(&state, "remind", "calendar", "https://h/calendar/x.ics webcal://h/calendar/x.ics")
    var html = Render.page(state).html
    #expect(html.contains("Pixel") && html.contains("Europe/Berlin · this device"))
    #expect(
      html.contains("value=\"https://h/calendar/x.ics\"")
        && html.contains("href=\"webcal://h/calendar/x.ics\""))
    #expect(send(&state, "remind", "push-remove", "s1") == [.shell("push-remove", "s1")])
    state.connection.online = false
    html = Render.page(state).html
    #expect(html.contains(Strings.pushOffline) && html.contains("id=\"push-on\" disabled"))
  }
}
