"""Nothing is lost in the browser: failed IndexedDB writes are shown and retried, a tap writes only
what it touched, stored data from the previous layout still loads, and signing out with unsynced
changes asks first."""
import os
import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from helpers import add_habit, card, go_offline, go_online, open_app, saved, sign_in, sign_up

SHOTS = os.environ.get("HABITFLOW_SCREENSHOTS")

# Makes IndexedDB refuse writes (as a full disk does) while window.failWrites is true.
FAIL_WRITES = """() => {
  window.failWrites = true;
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (window.failWrites) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return put.apply(this, args);
  };
}"""

# Records every IndexedDB put: the store and the size of what it wrote.
RECORD_PUTS = """() => {
  window.puts = [];
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, ...rest) {
    window.puts.push({ store: this.name, bytes: JSON.stringify(value).length });
    return put.call(this, value, ...rest);
  };
}"""

# Every record of the app's database, store by store.
READ_ALL = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("habitflow");
  open.onsuccess = () => {
    const db = open.result;
    const names = [...db.objectStoreNames];
    const transaction = db.transaction(names);
    const result = {};
    for (const name of names) {
      const store = transaction.objectStore(name);
      const keys = store.getAllKeys();
      const values = store.getAll();
      transaction.addEventListener("complete", () => {
        result[name] = keys.result.map((key, i) => [key, values.result[i]]);
      });
    }
    transaction.oncomplete = () => { db.close(); resolve({ version: db.version, stores: result }); };
    transaction.onerror = () => reject(transaction.error);
  };
  open.onerror = () => reject(open.error);
})"""


def no_serious_accessibility_violations(page):
    results = Axe().run(page)
    serious = [(v["id"], [n["html"][:90] for n in v["nodes"][:3]]) for v in results.response["violations"]
               if v["impact"] in ("serious", "critical")]
    assert not serious, serious


def shoot(page, name):
    """Screenshots of new UI at phone and desktop widths, light and dark."""
    if not SHOTS:
        return
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for width, height in ((390, 844), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=os.path.join(SHOTS, f"{name}-{width}-{scheme}.png"))
    page.emulate_media(color_scheme="light")
    page.set_viewport_size({"width": 390, "height": 844})


def add_many(page, count):
    page.evaluate("""(count) => {
      for (let i = 0; i < count; i++) {
        const d = window.habitflow.dispatch;
        d({t: 'event', name: 'open-add', arg: '', value: ''});
        d({t: 'event', name: 'draft', arg: 'title', value: 'Habit ' + i});
        d({t: 'event', name: 'draft', arg: 'category', value: 'work'});
        d({t: 'event', name: 'save', arg: '', value: ''});
      }
    }""", count)


def mark_done_while_writes_fail(page, server, title):
    """Marks a new habit done while IndexedDB refuses writes; returns the message shown."""
    open_app(page, server)
    add_habit(page, title)
    saved(page)
    page.evaluate(FAIL_WRITES)
    card(page, title).get_by_role("button", name=re.compile("Mark done")).click()
    alert = page.get_by_role("alert").filter(has_text="not saved on this device yet")
    expect(alert).to_be_visible()
    return alert


def test_a_failed_save_is_shown_retried_and_kept(server, phone):
    page = phone.new_page()
    alert = mark_done_while_writes_fail(page, server, "Read")
    no_serious_accessibility_violations(page)
    expect(card(page, "Read")).to_have_class(re.compile("done"))
    shoot(page, "save-failed")
    # Still failing: "Try again" keeps the message up, and the change stays queued.
    page.get_by_role("button", name="Try again").click()
    expect(alert).to_be_visible()
    page.evaluate("window.failWrites = false")
    # The retry on its own timer may beat the click (then the button is gone, the change saved).
    try:
        page.get_by_role("button", name="Try again").click(timeout=3_000)
    except PlaywrightTimeoutError:
        pass
    expect(alert).to_have_count(0)
    saved(page)
    page.reload()
    expect(card(page, "Read")).to_have_class(re.compile("done"))


def test_a_failed_save_retries_by_itself(server, phone):
    page = phone.new_page()
    alert = mark_done_while_writes_fail(page, server, "Walk")
    page.evaluate("window.failWrites = false")
    expect(alert).to_have_count(0, timeout=10_000)
    page.reload()
    expect(card(page, "Walk")).to_have_class(re.compile("done"))


def test_a_tap_writes_only_the_records_it_touched(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_many(page, 30)
    add_habit(page, "Read")
    saved(page)
    page.evaluate(RECORD_PUTS)
    card(page, "Read").get_by_role("button", name=re.compile("Mark done")).click()
    saved(page)
    puts = page.evaluate("window.puts")
    # The day's value and skip fields (a check-in clears skips made before it), their outbox
    # entries and the small meta record: not 31 habits' fields.
    assert sorted(put["store"] for put in puts) == [
        "fields", "fields", "outbox", "outbox", "state"], puts
    assert sum(put["bytes"] for put in puts) < 1_000, puts
    stored = page.evaluate(READ_ALL)["stores"]
    entries = sorted(key[2] for key, _ in stored["fields"] if key[0] == "entry")
    assert entries == ["skipped", "value"], entries
    assert "replica" not in [key for key, _ in stored["state"]]


def test_data_stored_by_the_previous_version_still_loads(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_habit(page, "Stretch")
    card(page, "Stretch").get_by_role("button", name=re.compile("Mark done")).click()
    saved(page)
    stores = page.evaluate(READ_ALL)["stores"]
    meta = dict(stores["state"])["meta"]
    snapshot = dict(meta, fields=[value for _, value in stores["fields"]],
                    outbox=[value for _, value in stores["outbox"]])
    # The previous version kept the whole replica as one record in a version-1 database.
    page.goto(server + "/manifest.webmanifest")
    page.evaluate("""(snapshot) => new Promise((resolve, reject) => {
      const remove = indexedDB.deleteDatabase("habitflow");
      remove.onsuccess = () => {
        const open = indexedDB.open("habitflow", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("state");
        open.onsuccess = () => {
          const transaction = open.result.transaction("state", "readwrite");
          transaction.objectStore("state").put(snapshot, "replica");
          transaction.oncomplete = () => { open.result.close(); resolve(); };
          transaction.onerror = () => reject(transaction.error);
        };
      };
      remove.onerror = () => reject(remove.error);
    })""", snapshot)
    page.goto(server)
    expect(card(page, "Stretch")).to_have_class(re.compile("done"))
    migrated = page.evaluate(READ_ALL)
    assert migrated["version"] == 2
    assert "replica" not in [key for key, _ in migrated["stores"]["state"]]
    assert len(migrated["stores"]["fields"]) == len(stores["fields"])
    assert len(migrated["stores"]["outbox"]) == len(stores["outbox"])


def test_signing_out_with_unsynced_changes_asks_first(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    open_app(page, server)
    email = sign_up(page)
    page.get_by_role("button", name="Habits").click()
    go_offline(context, page)
    add_habit(page, "Journal")
    page.get_by_role("button", name="Account").click()
    page.get_by_role("button", name="Sign out").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Some changes are not synced yet")
    expect(dialog).to_contain_text("not reached your account yet")
    shoot(page, "sign-out-unsynced")
    no_serious_accessibility_violations(page)
    page.get_by_role("button", name="Cancel").click()
    expect(page.get_by_text("Signed in as")).to_be_visible()

    # Back online, but the server is busy: the changes are still only here.
    page.route("**/api/v1/sync", lambda route: route.fulfill(
        status=503, content_type="application/json",
        body='{"error": {"code": "unavailable", "message": "Try again later."}}'))
    go_online(context, page)
    expect(page.get_by_text("Try again later.")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()
    page.unroute("**/api/v1/sync")
    page.get_by_role("alertdialog").get_by_role("button", name="Sync now").click()
    expect(page.locator("#pending")).to_have_text("0")

    go_offline(context, page)
    page.get_by_role("button", name="Habits").click()
    add_habit(page, "Lost on purpose")
    page.get_by_role("button", name="Account").click()
    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("button", name="Sign out and lose them").click()
    # A fresh start on this browser, without onboarding again.
    expect(page.get_by_text("No habits yet")).to_be_visible()
    expect(page.get_by_role("heading", name="Build habits that last")).to_have_count(0)

    go_online(context, page)
    sign_in(page, email)
    page.get_by_role("button", name="Habits").click()
    expect(card(page, "Journal")).to_be_visible()
    expect(card(page, "Lost on purpose")).to_have_count(0)
    context.close()


def test_signing_out_with_everything_synced_does_not_replay_onboarding(server, phone):
    page = phone.new_page()
    open_app(page, server)
    sign_up(page)
    expect(page.locator("#pending")).to_have_text("0")
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_text("No habits yet")).to_be_visible()
    expect(page.get_by_role("heading", name="Build habits that last")).to_have_count(0)
