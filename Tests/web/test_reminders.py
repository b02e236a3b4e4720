"""Issue 13 in the browser: reminders set up in the habit editor, Account → Places and
Account → Notifications, the service worker's notification and its "Done", and the reminders the
app shows while it is open (times by the clock, places by the position)."""
import datetime
import json
import os
import re
import shutil
import time
import zoneinfo

import pytest
from playwright.sync_api import expect

from helpers import open_app, saved, sign_up, wait_synced, go_offline, go_online
from test_cli_sync import Server
from test_push_delivery import Browser, PushService, b64url, call

ZONE = "Europe/Berlin"
GYM = ("52.520000", "13.405000")
FAR = {"latitude": 52.60, "longitude": 13.405}
AT_GYM = {"latitude": 52.5201, "longitude": 13.4051}


def account_tab(page):
    page.get_by_role("button", name="Account").click()


def add_place(page, name, latitude, longitude, address=""):
    account_tab(page)
    page.locator("#place-name").fill(name)
    page.locator("#place-address").fill(address)
    page.locator("#place-latitude").fill(latitude)
    page.locator("#place-longitude").fill(longitude)
    page.locator("#save-place").click()
    expect(page.locator("#places li", has_text=name)).to_be_visible()


def open_editor(page, title):
    page.get_by_role("button", name="Habits", exact=True).click()
    page.get_by_role("button", name="Add a habit").first.click()
    page.locator("#title").fill(title)
    page.locator("#category").select_option(label="Self")


def reminder_day(page, name):
    return page.locator("#reminders .weekday-picker").get_by_role("button", name=name, exact=True)


def add_read_and_gym(page):
    """Issue 13's two reminders: "Read, 21:30 on weekdays" and "Gym, when I arrive at Gym"."""
    open_editor(page, "Read")
    page.locator("#add-time").click()
    page.locator("#remind-0").fill("21:30")
    reminder_day(page, "Saturday").click()
    reminder_day(page, "Sunday").click()
    expect(page.locator("#reminders")).to_contain_text("Mon, Tue, Wed, Thu, Fri")
    page.locator("#save").click()
    expect(page.locator(".sheet")).to_have_count(0)
    open_editor(page, "Gym")
    page.locator("#reminder-place").select_option(label="Gym")
    expect(page.locator("#reminder-trigger option:checked")).to_have_text("When I arrive")
    page.locator("#save").click()
    expect(page.locator(".sheet")).to_have_count(0)


def habits_by_title(page, server):
    response = page.request.get(server + "/api/v1/habits")
    assert response.ok, response.text()
    return {item["habit"]["title"]: item["habit"] for item in response.json()["habits"]}



def shown_notifications(page, describe, seconds=10):
    """The notifications the service worker shows, each as `describe` gives it, once there are any.
    Polled here: `wait_for_function` takes an async function's pending promise as truthy."""
    for _ in range(seconds * 10):
        shown = page.evaluate(f"""async () => {{
          const notifications = await (await navigator.serviceWorker.ready).getNotifications();
          return notifications.length ? notifications.map({describe}) : null;
        }}""")
        if shown:
            return shown
        page.wait_for_timeout(100)
    return None

def test_the_editor_saves_time_and_place_reminders_that_reach_the_server(server, phone):
    page = phone.new_page()
    open_app(page, server)
    sign_up(page)
    add_place(page, "Gym", *GYM, address="1 Main Street")
    add_read_and_gym(page)
    # Reopened, the editor shows what was saved.
    page.locator(".card", has_text="Read").locator(".card-open").click()
    page.get_by_role("button", name="Edit").click()
    expect(page.locator("#remind-0")).to_have_value("21:30")
    expect(reminder_day(page, "Saturday")).to_have_attribute("aria-pressed", "false")
    expect(reminder_day(page, "Friday")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Cancel").click()
    wait_synced(page)
    habits = habits_by_title(page, server)
    assert habits["Read"]["reminders"]["times"] == ["21:30"]
    assert habits["Read"]["reminders"]["weekdays"] == ["monday", "tuesday", "wednesday", "thursday", "friday"]
    place = habits["Gym"]["reminders"]["place"]
    assert place["trigger"] == "arrive"
    # The place itself is synced data: the server holds it under the id the reminder names.
    pulled = page.request.post(server + "/api/v1/sync", data=json.dumps({"device": "web-test-pull", "cursor": 0, "changes": []}),
                               headers={"Content-Type": "application/json", "X-CSRF-Token": csrf(phone)})
    assert pulled.ok, pulled.text()
    names = [(c["key"], json.dumps(c["value"])) for c in pulled.json()["changes"]
             if c["entity"] == "place" and c["field"] == "name"]
    assert [key for key, value in names if '"Gym"' in value] == [place["id"]], names


def csrf(context):
    return next(cookie["value"] for cookie in context.cookies() if cookie["name"] == "habitflow_csrf")


def test_a_reminder_time_left_empty_is_named_and_nothing_is_saved(server, phone):
    page = phone.new_page()
    open_app(page, server)
    open_editor(page, "Read")
    page.locator("#add-time").click()
    page.locator("#save").click()
    expect(page.locator(".dialog")).to_contain_text("Enter a time such as 21:30, or remove this reminder.")
    page.locator("#dialog-ok").click()
    expect(page.locator("#remind-0")).to_have_attribute("aria-invalid", "true")
    page.get_by_role("button", name="Remove Reminder time 1").click()
    expect(page.locator("#remind-0")).to_have_count(0)
    page.locator("#save").click()
    expect(page.locator(".card", has_text="Read")).to_be_visible()


def test_places_are_added_typed_and_located_renamed_and_deleted_after_a_question(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, geolocation=AT_GYM,
                                  permissions=["geolocation"])
    page = context.new_page()
    open_app(page, server)
    add_place(page, "Home", "48.8566", "2.3522", address="5 Rue de Rivoli")
    expect(page.locator("#places li", has_text="Home")).to_contain_text("5 Rue de Rivoli")
    # A bad coordinate is refused with its reason; what was typed stays.
    page.locator("#place-name").fill("Work")
    page.locator("#place-latitude").fill("52,5")
    page.locator("#place-longitude").fill("13.4")
    page.locator("#save-place").click()
    expect(page.locator("#places [role=alert]")).to_contain_text("decimal degrees")
    expect(page.locator("#place-name")).to_have_value("Work")
    # "Use my current location" fills the coordinates from the browser.
    page.get_by_role("button", name="Use my current location").click()
    expect(page.locator("#place-latitude")).to_have_value("52.520100")
    expect(page.locator("#place-longitude")).to_have_value("13.405100")
    page.locator("#save-place").click()
    expect(page.locator("#places li", has_text="Work")).to_contain_text("52.520100, 13.405100")
    # Renamed.
    page.get_by_role("button", name="Edit Work").click()
    page.locator("#place-name").fill("Office")
    page.get_by_role("button", name="Save place").click()
    expect(page.locator("#places li", has_text="Office")).to_be_visible()
    expect(page.locator("#places li", has_text="Work")).to_have_count(0)
    # A place a reminder uses: deleting it asks first and names the habit.
    open_editor(page, "Commute")
    page.locator("#reminder-place").select_option(label="Office")
    page.locator("#reminder-trigger").select_option(label="When I leave")
    page.locator("#save").click()
    account_tab(page)
    page.get_by_role("button", name="Delete Office").click()
    expect(page.locator(".dialog")).to_contain_text("These habits remind you at Office: Commute.")
    page.locator("#dialog-cancel").click()
    expect(page.locator("#places li", has_text="Office")).to_be_visible()
    page.get_by_role("button", name="Delete Office").click()
    page.locator("#dialog-confirm").click()
    expect(page.locator("#places li")).to_have_count(1)
    saved(page)
    # Reloaded from this device's storage, the places and the habit without its place reminder.
    page.reload()
    expect(page.locator("#main")).to_be_visible()
    account_tab(page)
    expect(page.locator("#places li")).to_have_text([re.compile("Home")])
    context.close()


# The only mock: Chromium's push service cannot be reached from here, so `subscribe` answers
# with a subscription made in the test (a real P-256 key and auth secret); the rest is real.
FAKE_PUSH = """([endpoint, p256dh, auth]) => {
  const subscription = { endpoint, toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }) };
  let subscribed = null;
  PushManager.prototype.subscribe = async function () { subscribed = subscription; return subscription; };
  PushManager.prototype.getSubscription = async function () { return subscribed; };
}"""


def test_notifications_turn_on_list_devices_send_a_test_and_make_a_calendar_link(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, timezone_id=ZONE,
                                  permissions=["notifications"])
    keys = Browser()
    endpoint = "https://push.example.invalid/send/" + b64url(os.urandom(8))
    context.add_init_script(f"({FAKE_PUSH})({json.dumps([endpoint, b64url(keys.public), b64url(keys.auth)])})")
    page = context.new_page()
    open_app(page, server)
    account_tab(page)
    expect(page.locator("#notifications")).to_contain_text("Push notifications need an account")
    page.get_by_role("button", name="Habits", exact=True).click()
    sign_up(page)
    panel = page.locator("#notifications")
    page.locator("#push-on").click()
    expect(panel).to_contain_text("Notifications are on for this device.")
    expect(panel.locator("#devices li")).to_have_count(1)
    expect(panel.locator("#devices li")).to_contain_text(f"{ZONE} · this device")
    listed = page.request.get(server + "/api/v1/push/subscriptions").json()["subscriptions"]
    assert [(s["endpoint"], s["timeZone"]) for s in listed] == [(endpoint, ZONE)]
    # The test notification: the server answers for its one device (whose push service is not
    # reachable from here).
    page.locator("#push-test").click()
    expect(panel.locator("[role=status]")).to_contain_text(
        re.compile(r"Sent to 0 devices; 1 could not be reached"), timeout=30_000)
    page.get_by_role("button", name=re.compile("^Remove Chrome")).click()
    expect(panel.locator("#devices")).to_have_count(0)
    assert page.request.get(server + "/api/v1/push/subscriptions").json()["subscriptions"] == []
    # The calendar feed: made, shown with its webcal:// link, and turned off (the old URL 404s).
    page.locator("#calendar-make").click()
    link = page.locator("#calendar-url")
    expect(link).to_have_value(re.compile(r"^http://127\.0\.0\.1:\d+/calendar/[^/]+\.ics$"))
    url = link.input_value()
    expect(page.locator("#webcal")).to_have_attribute("href", "webcal" + url[url.index(":"):])
    feed = page.request.get(url)
    assert feed.ok and feed.text().startswith("BEGIN:VCALENDAR")
    page.locator("#calendar-off").click()
    expect(page.locator("#calendar-url")).to_have_count(0)
    expect(page.locator("#calendar-make")).to_have_text("Make a calendar link")
    assert page.request.get(url).status == 404
    # Offline, the panel says why nothing can be turned on.
    go_offline(context, page)
    expect(panel).to_contain_text("You're offline")
    expect(page.locator("#push-on")).to_be_disabled()
    go_online(context, page)
    context.close()


def test_the_panel_says_when_the_browser_has_no_push_or_blocks_notifications(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script("delete window.PushManager")
    page = context.new_page()
    open_app(page, server)
    sign_up(page)
    expect(page.locator("#notifications")).to_contain_text("This browser cannot receive push notifications")
    expect(page.locator("#push-on")).to_be_disabled()
    context.close()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script("""
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
      Notification.requestPermission = async () => 'denied';""")
    page = context.new_page()
    open_app(page, server)
    sign_up(page)
    page.locator("#push-on").click()
    expect(page.locator("#notifications")).to_contain_text("Notifications are blocked for this site")
    context.close()


@pytest.fixture
def push_server():
    """A `habit serve` that pushes to loopback and looks for due reminders every second."""
    server = Server("--push-allow-loopback-http", "--reminder-interval", "1")
    server.start()
    yield server
    if server.process.poll() is None:
        server.stop()
    shutil.rmtree(server.data, ignore_errors=True)


def test_a_pushed_reminder_shows_in_the_service_worker_and_its_done_marks_the_habit(push_server, browser):
    """The server's real reminder (sent to a push-service stand-in and opened with the
    subscription's key) is delivered to Chromium's service worker through the DevTools protocol;
    its "Done" action, run by the worker, marks the habit on the server."""
    service = PushService()
    try:
        status, body = call(push_server, "POST", "/api/v1/accounts", body={
            "email": f"sw-{time.time_ns()}@example.com", "password": "correct horse battery"})
        token = body["token"]
        keys = Browser()
        call(push_server, "POST", "/api/v1/push/subscriptions", token,
             keys.subscription(service.origin + "/send/phone") | {"timeZone": ZONE})
        now = datetime.datetime.now(zoneinfo.ZoneInfo(ZONE))
        status, made = call(push_server, "POST", "/api/v1/habits", token, {
            "title": "Stretch", "category": "health", "start": (now.date() - datetime.timedelta(days=3)).isoformat(),
            "reminders": {"times": [now.strftime("%H:%M")]}})
        assert status == 201, made
        habit = made["habit"]["id"]
        push_server.stop()
        push_server.start()
        payload = keys.open(service.next()[2])
        assert payload["habit"] == habit and payload["act"].startswith("/api/v1/push/actions/")
    finally:
        service.server.shutdown()

    context = browser.new_context(viewport={"width": 390, "height": 844}, permissions=["notifications"])
    page = context.new_page()
    open_app(page, push_server.url)
    cdp = context.new_cdp_session(page)
    registrations = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda event: registrations.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")
    deadline = time.time() + 10
    while not registrations and time.time() < deadline:
        page.wait_for_timeout(100)
    registration = next(r for r in registrations if not r["isDeleted"])
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": push_server.url + "/", "registrationId": registration["registrationId"],
        "data": json.dumps(payload)})
    shown = shown_notifications(
        page, "(n) => ({ title: n.title, body: n.body, tag: n.tag, actions: n.actions.map((a) => a.action) })")
    assert shown == [{"title": "Stretch", "body": payload["body"], "tag": payload["tag"], "actions": ["done", "later"]}]
    # "Done", as the worker handles the notification's action (a synthetic event cannot wait).
    worker = context.service_workers[0]
    worker.evaluate("""async () => {
      const [notification] = await self.registration.getNotifications();
      await act(notification, 'done');
    }""")
    day = payload["day"]
    status, entries = call(push_server, "GET", f"/api/v1/habits/{habit}/entries?from={day}&to={day}", token)
    assert entries["entries"][0]["done"] is True, entries
    assert page.evaluate("async () => (await (await navigator.serviceWorker.ready).getNotifications()).length") == 0
    context.close()


def run_clock_until(page, moment):
    """Moves the page's installed clock on to `moment`, firing every timer on the way."""
    now = page.evaluate("Date.now()")
    ahead = int(moment.timestamp() * 1000) - now
    assert ahead > 0, f"the set-up took past {moment:%H:%M:%S}"
    page.clock.run_for(ahead)


def test_in_app_reminders_fire_for_due_habits_by_the_clock_and_at_a_place(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, geolocation=FAR,
                                  permissions=["geolocation"])
    page = context.new_page()
    # 21:00 local time today: the page's clock runs while the test sets up, so half an hour of
    # slack before Read's 21:30 reminder, however slow the machine.
    today = datetime.date.today()
    page.clock.install(time=datetime.datetime.combine(today, datetime.time(21, 0, 0)))
    open_app(page, server)
    add_place(page, "Gym", *GYM)
    add_read_and_gym(page)
    open_editor(page, "Write")
    page.locator("#add-time").click()
    page.locator("#remind-0").fill("21:30")
    page.locator("#save").click()
    expect(page.locator(".sheet")).to_have_count(0)
    # Write is done today, so only Read (if today is a weekday) reminds. Without notification
    # permission the reminder is the page's banner.
    page.locator(".card", has_text="Write").locator("[data-action=tap]").click()
    run_clock_until(page, datetime.datetime.combine(today, datetime.time(21, 30, 30)))
    notice = page.locator(".notice")
    if today.weekday() < 5:
        expect(notice).to_have_text("Reminder: Read (21:30)")
    else:
        expect(notice).to_have_count(0)
    expect(page.locator(".notice", has_text="Write")).to_have_count(0)
    # Arriving at the gym while the app is open.
    page.evaluate("window.habitflow.dispatch({t: 'event', name: 'tab', arg: 'habits', value: ''})")
    page.clock.run_for(60_000)
    page.wait_for_timeout(1000)
    context.set_geolocation(AT_GYM)
    expect(notice).to_have_text("Reminder: Gym (arriving at Gym)")
    context.close()


def test_in_app_reminders_are_notifications_when_allowed(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, permissions=["notifications"])
    page = context.new_page()
    # The page's clock runs while the test sets up: half an hour of slack before the reminder.
    today = datetime.date.today()
    page.clock.install(time=datetime.datetime.combine(today, datetime.time(12, 0, 0)))
    open_app(page, server)
    open_editor(page, "Water")
    page.locator("#add-time").click()
    page.locator("#remind-0").fill("12:30")
    page.locator("#save").click()
    expect(page.locator(".sheet")).to_have_count(0)
    run_clock_until(page, datetime.datetime.combine(today, datetime.time(12, 30, 30)))
    # Up to 30 s: on a busy machine the service worker's notification came after 10 (seen once).
    shown = shown_notifications(page, "(n) => [n.title, n.data.habit]", seconds=30)
    habit = page.locator(".card", has_text="Water").locator(".card-open").get_attribute("data-arg")
    assert shown == [["Water", habit]]
    context.close()
