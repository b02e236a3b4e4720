import HabitApp
import HabitCore
import HabitSync
import Testing

private let today = Day(iso: "2026-11-22")!
private let noon: Int64 = 1_795_348_800_000

/// An app past onboarding with one habit of the given measure, started a week ago (or `start`).
private func app(
  measure: String = "done", target: String = "3", step: String = "1",
  start: Day = today.advanced(by: -7)
) -> (AppState, HabitID) {
  var state = AppState(replica: Replica(device: "web-test"), today: today, now: noon)
  _ = state.handle(.onboardDone)
  _ = state.handle(.openAdd)
  _ = state.handle(.draft(field: "title", value: "Water"))
  _ = state.handle(.draft(field: "category", value: "health"))
  _ = state.handle(.draft(field: "measureKind", value: measure))
  _ = state.handle(.draft(field: "countTarget", value: target))
  _ = state.handle(.draft(field: "step", value: step))
  _ = state.handle(.draft(field: "quantityTarget", value: target))
  _ = state.handle(.draft(field: "unit", value: "l"))
  _ = state.handle(.draft(field: "start", value: start.iso))
  _ = state.handle(.save)
  return (state, state.tracker.sortedHabits[0].id)
}

/// Every mistake fixable: taps taken back, totals corrected, days skipped and paused.
@Suite struct CorrectionTests {
  /// The account's forms, as the module Account opens in has them.
  init() { accountForms = .all }

  @Test func aCountGoesDownButNeverBelowZero() {
    var (state, id) = app(measure: "count")
    _ = state.handle(.tap(id))
    _ = state.handle(.tap(id))
    _ = state.handle(.countDown(id))
    #expect(state.tracker.log(id)[today]?.value == Amount(1))
    _ = state.handle(.countDown(id))
    _ = state.handle(.countDown(id))
    #expect(state.tracker.log(id)[today] == nil)
    #expect(state.notice == nil)
  }

  @Test func loggingAddsToTheDaysTotalAndTheDetailCorrectsIt() {
    var (state, id) = app(measure: "quantity")
    for typed in ["2", "1.5"] {
      _ = state.handle(.amount(id, typed))
      _ = state.handle(.logAmount(id))
    }
    #expect(state.tracker.log(id)[today]?.value == Amount(parsing: "3.5"))
    _ = state.handle(.openDetail(id))
    _ = state.handle(.drawRest)
    _ = state.handle(.total(id, "3"))
    _ = state.handle(.setTotal(id))
    #expect(state.tracker.log(id)[today]?.value == Amount(3))
    _ = state.handle(.total(id, "lots"))
    _ = state.handle(.setTotal(id))
    #expect(state.dayEditor.message != nil)
    #expect(state.notice == nil)
    #expect(Render.page(state).html.contains("role=\"alert\">" + HabitError.amountNegative.message))
  }

  @Test func theDetailsDayEditorActsOnTheChosenDay() {
    var (state, id) = app()
    let yesterday = today.advanced(by: -1)
    _ = state.handle(.openDetail(id))
    _ = state.handle(.drawRest)
    _ = state.handle(.detailDay(yesterday))
    _ = state.handle(.tap(id))
    _ = state.handle(.note(id, "Rainy walk"))
    _ = state.handle(.saveNote(id))
    _ = state.handle(.tap(id))
    _ = state.handle(.skip(id))
    #expect(state.tracker.log(id)[yesterday]?.isSkipped == true)
    #expect(state.tracker.log(id)[yesterday]?.note == "Rainy walk")
    #expect(state.tracker.log(id)[today] == nil)
    #expect(Render.page(state).html.contains("Rainy walk"))
    _ = state.handle(.closeSheet)
    _ = state.handle(.tap(id))
    #expect(state.tracker.log(id)[today]?.value == Amount(1))
  }

  @Test func aPauseSkipsEveryHabitsDueDaysAndSaysHowMany() {
    var (state, id) = app()
    _ = state.handle(.pauseFrom(today.advanced(by: -3).iso))
    _ = state.handle(.pauseThrough(today.advanced(by: -1).iso))
    _ = state.handle(.pause(nil, true))
    #expect(state.dayEditor.pauseAll.message == Strings.pausedDays(3))
    #expect(state.tracker.log(id).entries.filter { $0.isSkipped }.count == 3)
    _ = state.handle(.pause(nil, false))
    #expect(state.tracker.log(id).isEmpty)
    _ = state.handle(.openDetail(id))
    _ = state.handle(.drawRest)
    _ = state.handle(.pauseThrough("2030-01-01"))
    _ = state.handle(.pause(id, true))
    #expect(state.dayEditor.pause.message == HabitError.futureDay(Day(iso: "2030-01-01")!).message)
  }

  @Test func aTakenCategoryNameIsRefusedNextToItsField() {
    var (state, _) = app()
    _ = state.handle(.openAdd)
    _ = state.handle(.draft(field: "newCategoryName", value: "Health"))
    _ = state.handle(.categoryAdd)
    #expect(state.notice == nil)
    guard case .editor(let draft) = state.sheet else {
      Issue.record("the editor closed")
      return
    }
    #expect(draft.categoryMessage == HabitError.categoryNameTaken("Health").message)
  }

  @Test func aStartMoreThanAYearAheadIsRefused() {
    var (state, _) = app()
    _ = state.handle(.openAdd)
    _ = state.handle(.draft(field: "title", value: "Later"))
    _ = state.handle(.draft(field: "category", value: "health"))
    _ = state.handle(.draft(field: "start", value: today.advanced(by: 366).iso))
    #expect(Render.page(state).html.contains("id=\"start-help\""))
    _ = state.handle(.save)
    #expect(state.tracker.habits.count == 1)
    #expect(
      state.dialog
        == .missingFields([HabitError.startOutOfRange(latest: today.advanced(by: 365)).message]))
  }

  @Test func theAccountIsDeletedOnlyWithItsPassword() {
    var (state, _) = app()
    state.connection.email = "ada@example.com"
    _ = state.handle(.deleteAccount)
    #expect(state.dialog == .deleteAccount)
    #expect(state.handle(.confirm) == [])
    #expect(state.account.deleteMessage == Strings.enterPasswordToDelete)
    _ = state.handle(.deletePassword("secret words"))
    #expect(state.handle(.confirm) == [.deleteAccount(password: "secret words")])
    #expect(state.dialog == .deleteAccount)
  }

  @Test func aPasswordChangeNeedsBothPasswords() {
    var (state, _) = app()
    #expect(state.handle(.changePassword) == [])
    #expect(state.account.currentPasswordMessage == Strings.enterCurrentPassword)
    _ = state.handle(.currentPassword("old one"))
    _ = state.handle(.newPassword("new and long"))
    #expect(
      state.handle(.changePassword) == [.changePassword(current: "old one", new: "new and long")])
    #expect(state.account.currentPassword.isEmpty && state.account.newPassword.isEmpty)
  }

  @Test func theLastSyncIsStoredWithTheReplica() throws {
    let replica = Replica(device: "web-test")
    let meta = Snapshot.meta(replica, lastSynced: noon)
    #expect(Snapshot.lastSynced(meta) == noon)
    guard case .object(let members) = meta else { return }
    let stored = JSON.object(members + [("fields", .array([])), ("outbox", .array([]))])
    #expect(try Snapshot.replica(device: "web-test", stored).device == "web-test")
    #expect(Snapshot.lastSynced(Snapshot.meta(replica)) == nil)
  }

  @Test func waitingChangesReadAsSentences() {
    var (state, id) = app()
    _ = state.handle(.tap(id))
    _ = state.handle(.tab(.account))
    state.connection.email = "ada@example.com"
    let page = Render.page(state).html
    #expect(page.contains("Checked in Water on 22 Nov"))
    #expect(page.contains("Saved Water"))
  }

  @Test func savingAnUntouchedNoteKeepsTheStoredOne() {
    var (state, id) = app()
    _ = state.handle(.openDetail(id))
    _ = state.handle(.drawRest)
    _ = state.handle(.note(id, "knee hurt"))
    _ = state.handle(.saveNote(id))
    _ = state.handle(.closeSheet)
    _ = state.handle(.openDetail(id))
    _ = state.handle(.drawRest)
    #expect(Render.page(state).html.contains(">knee hurt</textarea>"))
    _ = state.handle(.saveNote(id))
    #expect(state.tracker.log(id)[today]?.note == "knee hurt")
    _ = state.handle(.note(id, ""))
    _ = state.handle(.saveNote(id))
    #expect(state.tracker.log(id)[today] == nil)
  }

  @Test func aDayHoldingACheckInCannotBeSkippedSoTheCheckInIsNeverLost() {
    var (state, id) = app(measure: "quantity", target: "1500")
    _ = state.handle(.amount(id, "1200"))
    _ = state.handle(.logAmount(id))
    let card = Render.page(state).html
    #expect(
      card.contains(
        "aria-label=\"" + Strings.cannotSkip
          + ": Water\" aria-pressed=\"false\" aria-disabled=\"true\""))
    _ = state.handle(.skip(id))
    #expect(state.tracker.log(id)[today]?.value == Amount(1200))
    #expect(state.notice == Strings.cannotSkip + ".")
    _ = state.handle(.openDetail(id))
    _ = state.handle(.drawRest)
    _ = state.handle(.skip(id))
    #expect(state.tracker.log(id)[today]?.isSkipped == false)
    #expect(state.dayEditor.message == Strings.cannotSkip + ".")
    #expect(
      Render.page(state).html.contains("<p id=\"day-why\" class=\"help\">" + Strings.cannotSkip))
    // An empty day still skips, and the skip is taken back.
    _ = state.handle(.total(id, "0"))
    _ = state.handle(.setTotal(id))
    _ = state.handle(.skip(id))
    #expect(state.tracker.log(id)[today]?.isSkipped == true)
    _ = state.handle(.skip(id))
    #expect(state.tracker.log(id)[today] == nil)
  }

  @Test func setTotalWithAnUntouchedFieldKeepsTheStoredTotal() {
    var (state, id) = app(measure: "quantity")
    _ = state.handle(.amount(id, "2.5"))
    _ = state.handle(.logAmount(id))
    _ = state.handle(.openDetail(id))
    _ = state.handle(.drawRest)
    _ = state.handle(.setTotal(id))
    #expect(state.dayEditor.message == nil)
    #expect(state.tracker.log(id)[today]?.value == Amount(parsing: "2.5"))
  }

  @Test func takingBackAtZeroStaysFocusableAndChangesNothing() {
    var (state, id) = app(measure: "count")
    _ = state.handle(.skip(id))
    let page = Render.page(state).html
    #expect(page.contains("aria-label=\"Take 1 back: Water\" aria-disabled=\"true\">−1</button>"))
    #expect(state.handle(.countDown(id)) == [])
    #expect(state.tracker.log(id)[today]?.isSkipped == true)
  }

  @Test func countButtonsNameTheHabitsStep() {
    var (state, id) = app(measure: "count", target: "20", step: "5")
    _ = state.handle(.tap(id))
    #expect(state.tracker.log(id)[today]?.value == Amount(5))
    let page = Render.page(state).html
    #expect(page.contains("aria-label=\"Add 5: Water\">+5</button>"))
    #expect(page.contains("aria-label=\"Take 5 back: Water\">−5</button>"))
  }

  @Test func aHabitThatHasNotStartedOffersNoDayToEdit() {
    let start = today.advanced(by: 8)
    var (state, id) = app(start: start)
    _ = state.handle(.openDetail(id))
    _ = state.handle(.drawRest)
    #expect(state.dayEditor.day == today)
    let page = Render.page(state).html
    let why = HabitError.dayBeforeStart(start: start).message
    #expect(page.contains("<p id=\"day-why\" class=\"help\">" + HTML.escape(why) + "</p>"))
    #expect(
      page.contains("aria-pressed=\"false\" aria-disabled=\"true\" aria-describedby=\"day-why\""))
    #expect(
      page.contains("aria-disabled=\"true\" aria-describedby=\"day-why\">" + Strings.saveNote))
    #expect(page.contains("aria-label=\"" + Strings.previousMonth + "\" aria-disabled=\"true\""))
    #expect(page.contains("aria-label=\"" + Strings.nextMonth + "\" aria-disabled=\"true\""))
    _ = state.handle(.detailDay(today.advanced(by: -40)))
    #expect(state.dayEditor.day == today)
  }

  @Test func theDetailsDayAndMonthsStayWithinTheHabitsDays() {
    let start = today.advanced(by: -40)
    var (state, id) = app(start: start)
    _ = state.handle(.openDetail(id))
    _ = state.handle(.drawRest)
    #expect(
      Render.page(state).html.contains(
        "aria-label=\"" + Strings.nextMonth + "\" aria-disabled=\"true\""))
    _ = state.handle(.detailDay(today.advanced(by: -400)))
    #expect(state.dayEditor.day == start)
    #expect(
      Render.page(state).html.contains(
        "aria-label=\"" + Strings.previousMonth + "\" aria-disabled=\"true\""))
    _ = state.handle(.detailDay(Day(iso: "1999-12-01")!))
    #expect(state.dayEditor.day == start)
    _ = state.handle(.detailDay(today.advanced(by: 30)))
    #expect(state.dayEditor.day == today)
  }

  @Test func aHabitsPauseOutcomeDoesNotShowOnAccount() {
    var (state, id) = app()
    _ = state.handle(.openDetail(id))
    _ = state.handle(.drawRest)
    _ = state.handle(.pauseFrom(today.advanced(by: -5).iso))
    _ = state.handle(.pauseThrough(today.advanced(by: -1).iso))
    _ = state.handle(.pause(id, true))
    #expect(state.dayEditor.pause.message == Strings.pausedDays(5))
    _ = state.handle(.closeSheet)
    _ = state.handle(.tab(.account))
    let page = Render.page(state).html
    #expect(!page.contains(Strings.pausedDays(5)))
    #expect(!page.contains(today.advanced(by: -5).iso))
  }
}
