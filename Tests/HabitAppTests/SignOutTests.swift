import HabitApp
import HabitCore
import HabitSync
import Testing

private let today = Day(iso: "2026-11-22")!
private let noon: Int64 = 1_795_348_800_000

/// A signed-in app past onboarding with one habit that has not reached the server.
private func signedInWithUnsyncedWork() -> AppState {
  var state = AppState(replica: Replica(device: "web-test"), today: today, now: noon)
  state.connection.email = "ada@example.com"
  state.connection.online = false
  _ = state.handle(.onboardDone)
  _ = state.handle(.openAdd)
  _ = state.handle(.draft(field: "title", value: "Read"))
  _ = state.handle(.draft(field: "category", value: "health"))
  _ = state.handle(.save)
  return state
}

/// Signing out never drops changes the server has not seen without asking.
@Suite struct SignOutTests {
  @Test func signingOutWithUnsyncedChangesAsksFirst() {
    var state = signedInWithUnsyncedWork()
    _ = state.handle(.tab(.account))
    #expect(state.handle(.signOut) == [])
    #expect(state.dialog == .signOutUnsynced)
    let page = Render.page(state).html
    #expect(page.contains(Strings.unsyncedTitle))
    #expect(page.contains(String(state.replica.outbox.count) + " changes made on this device"))
    #expect(page.contains(Strings.syncNow) && page.contains(Strings.signOutDiscarding))
    #expect(state.handle(.syncNow) == [.sync])
    #expect(state.dialog == nil)
    _ = state.handle(.signOut)
    #expect(state.handle(.dismiss) == [])
    #expect(state.tracker.habits.count == 1)
    _ = state.handle(.signOut)
    #expect(state.handle(.signOutDiscarding) == [.signOut])
  }

  @Test func theScreenBehindTheQuestionCannotBeReached() {
    var state = signedInWithUnsyncedWork()
    #expect(!Render.isCovered(state))
    _ = state.handle(.signOut)
    #expect(Render.isCovered(state))
    #expect(!Render.page(state).html.contains("role=\"alertdialog\" inert"))
  }

  @Test func signingOutWithEverythingSyncedNeedsNoQuestion() {
    var state = AppState(replica: Replica(device: "web-test"), today: today, now: noon)
    state.connection.email = "ada@example.com"
    #expect(state.handle(.signOut) == [.signOut])
    #expect(state.dialog == nil)
  }

  @Test func aBrowserOnboardedBeforeDoesNotReplayOnboardingAfterSigningOut() {
    var host = AppHost()
    let page = host.handle(BrowserStore().boot(device: "web-new", now: noon, onboarded: true))
    #expect(!page.contains(Strings.onboardingTitles[0]))
    #expect(page.contains(Strings.noHabitsTitle))
    var fresh = AppHost()
    #expect(
      fresh.handle(BrowserStore().boot(device: "web-new", now: noon)).contains(
        Strings.onboardingTitles[0]))
  }
}
