"""Reminders delivered by a live `habit serve`: Web Push to a push-service stand-in on loopback,
opened with Mozilla's `http_ece` and the browser's private key, the VAPID signature checked with
`py_vapid`; a reminder sent by the scheduler whose "Done" marks the habit; and the calendar feed
parsed with `icalendar` and expanded with `recurring_ical_events`."""
import base64
import datetime
import json
import os
import queue
import shutil
import threading
import time
import urllib.error
import urllib.request
import zoneinfo
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import icalendar
import pytest
import recurring_ical_events
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid.jwt import decode as vapid_decode

from test_cli_sync import Server

ZONE = "America/New_York"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class PushService:
    """A push-service stand-in: every POST is queued as (path, headers, body) and answered 201."""

    def __init__(self):
        self.received = queue.Queue()
        received = self.received

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                received.put((self.path, dict(self.headers), body))
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def next(self, timeout=20):
        return self.received.get(timeout=timeout)


def call(server, method, path, token=None, body=None):
    """One API call; returns the status and the JSON body (or the text)."""
    request = urllib.request.Request(server.url + path, method=method)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, data=data, timeout=20) as response:
            text = response.read().decode()
            return response.status, (json.loads(text) if text.startswith("{") else text)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.fixture
def server():
    """A `habit serve` that accepts loopback push endpoints and looks for reminders every second."""
    server = Server("--push-allow-loopback-http", "--reminder-interval", "1",
                    "--push-contact", "mailto:ops@example.com")
    server.start()
    yield server
    if server.process.poll() is None:
        server.stop()
    shutil.rmtree(server.data, ignore_errors=True)


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.server.shutdown()


def sign_up(server):
    status, body = call(server, "POST", "/api/v1/accounts",
                               body={"email": f"push-{os.getpid()}-{time.time_ns()}@example.com",
                                     "password": "correct horse battery"})
    assert status == 201, body
    return body["token"]


class Browser:
    """A browser's push subscription: its P-256 key pair and auth secret."""

    def __init__(self):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)

    def subscription(self, endpoint):
        return {"endpoint": endpoint, "keys": {"p256dh": b64url(self.public), "auth": b64url(self.auth)},
                "name": "Test phone", "timeZone": ZONE}

    def open(self, body):
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth,
                                           version="aes128gcm"))


def check_vapid(headers, public_key, origin):
    scheme, _, parameters = headers["Authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in parameters.split(","))
    assert fields["k"] == public_key
    claims = vapid_decode(fields["t"], fields["k"])
    assert claims["aud"] == origin
    assert claims["sub"] == "mailto:ops@example.com"
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600


def test_a_test_notification_opens_with_the_browsers_key_and_carries_a_valid_vapid_signature(
        server, push_service):
    token = sign_up(server)
    status, key = call(server, "GET", "/api/v1/push/key", token)
    assert status == 200, key
    browser = Browser()
    status, made = call(server, "POST", "/api/v1/push/subscriptions", token,
                               browser.subscription(push_service.origin + "/send/phone"))
    assert status == 201, made
    status, result = call(server, "POST", "/api/v1/push/test", token)
    assert status == 200 and result["sent"] == 1, result
    path, headers, body = push_service.next()
    assert path == "/send/phone"
    assert headers["Content-Encoding"] == "aes128gcm"
    assert int(headers["TTL"]) > 0
    check_vapid(headers, key["publicKey"], push_service.origin)
    assert browser.open(body)["title"] == "HabitFlow"


def test_a_due_reminder_arrives_once_and_its_done_action_marks_the_habit(server, push_service):
    token = sign_up(server)
    status, key = call(server, "GET", "/api/v1/push/key", token)
    browser = Browser()
    call(server, "POST", "/api/v1/push/subscriptions", token,
                browser.subscription(push_service.origin + "/send/phone"))
    now = datetime.datetime.now(zoneinfo.ZoneInfo(ZONE))
    start = (now.date() - datetime.timedelta(days=7)).isoformat()
    status, made = call(server, "POST", "/api/v1/habits", token, {
        "title": "Stretch", "category": "health", "start": start,
        "reminders": {"times": [now.strftime("%H:%M")]}})
    assert status == 201, made
    habit = made["habit"]["id"]
    # The reminder's minute has begun: a server started now catches up on it (and the running one
    # may already have sent it; either way it arrives once).
    server.stop()
    server.start()
    path, headers, body = push_service.next()
    check_vapid(headers, key["publicKey"], push_service.origin)
    payload = browser.open(body)
    assert payload["habit"] == habit
    assert payload["title"] == "Stretch"
    assert payload["day"] == now.date().isoformat()
    assert [action["action"] for action in payload["actions"]] == ["done", "later"]
    time.sleep(3)
    assert push_service.received.empty(), "the reminder was sent more than once"
    status, done = call(server, "POST", payload["act"], body={"action": "done"})
    assert status == 200, done
    day = payload["day"]
    status, entries = call(server, "GET", f"/api/v1/habits/{habit}/entries?from={day}&to={day}", token)
    assert entries["entries"][0]["done"] is True, entries
    status, _ = call(server, "POST", payload["act"], body={"action": "done"})
    assert status == 404, "an action URL works once"
    status, again = call(server, "GET", "/api/v1/push/key", token)
    assert again["publicKey"] == key["publicKey"], "the VAPID key is kept across restarts"


def test_the_calendar_feed_expands_to_the_reminder_days_and_a_revoked_feed_answers_404(server):
    token = sign_up(server)
    weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday"]
    call(server, "POST", "/api/v1/habits", token, {
        "title": "Read", "category": "health", "start": "2026-01-01", "emoji": "📚",
        "reminders": {"times": ["21:30"], "weekdays": weekdays}})
    status, feed = call(server, "POST", "/api/v1/calendar", token)
    assert status == 201, feed
    assert feed["url"].endswith(feed["path"])
    status, text = call(server, "GET", feed["path"])
    assert status == 200
    calendar = icalendar.Calendar.from_ical(text)
    events = recurring_ical_events.of(calendar).between(datetime.date(2026, 12, 7),
                                                        datetime.date(2026, 12, 14))
    starts = sorted(event["DTSTART"].dt for event in events if "Read" in str(event["SUMMARY"]))
    assert starts == [datetime.datetime(2026, 12, day, 21, 30) for day in range(7, 12)]
    alarms = [component for component in calendar.walk("VALARM")]
    assert alarms and all(str(alarm["ACTION"]) == "DISPLAY" for alarm in alarms)
    status, _ = call(server, "DELETE", "/api/v1/calendar", token)
    assert status == 204
    status, _ = call(server, "GET", feed["path"])
    assert status == 404
