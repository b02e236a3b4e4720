import HabitApp
import HabitCore
import HabitSync
import Testing

private let today = Day(iso: "2026-11-22")!
private let noon: Int64 = 1_795_348_800_000

/// An app past onboarding with one habit of the given measure, started a week ago.
private func app(measure: String = "done", target: String = "3") -> (AppState, HabitID) {
  var state = AppState(replica: Replica(device: "web-test"), today: today, now: noon)
  _ = state.handle(.onboardDone)
  _ = state.handle(.openAdd)
  _ = state.handle(.draft(field: "title", value: "Water"))
  _ = state.handle(.draft(field: "category", value: "health"))
  _ = state.handle(.draft(field: "measureKind", value: measure))
  _ = state.handle(.draft(field: "countTarget", value: target))
  _ = state.handle(.draft(field: "quantityTarget", value: target))
  _ = state.handle(.draft(field: "unit", value: "l"))
  _ = state.handle(.draft(field: "start", value: today.advanced(by: -7).iso))
  _ = state.handle(.save)
  return (state, state.tracker.sortedHabits[0].id)
}

/// Every mistake fixable: taps taken back, totals corrected, days skipped and paused.
@Suite struct CorrectionTests {
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
    _ = state.handle(.detailDay(yesterday))
    _ = state.handle(.tap(id))
    _ = state.handle(.note(id, "Rainy walk"))
    _ = state.handle(.saveNote(id))
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
    #expect(state.dayEditor.pauseMessage == Strings.pausedDays(3))
    #expect(state.tracker.log(id).entries.filter { $0.isSkipped }.count == 3)
    _ = state.handle(.pause(nil, false))
    #expect(state.tracker.log(id).isEmpty)
    _ = state.handle(.pauseThrough("2030-01-01"))
    _ = state.handle(.pause(id, true))
    #expect(state.dayEditor.pauseMessage == HabitError.futureDay(Day(iso: "2030-01-01")!).message)
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
}
