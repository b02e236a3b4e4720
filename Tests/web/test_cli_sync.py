"""The command line and the web app on one account against a live `habit serve`: both edit while
the server is down (the web app offline in Chromium, the CLI with its background sync failing
quietly), and after the server is back and each syncs, both show the same habits, taps, marks
and notes."""
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile

import pytest
from playwright.sync_api import expect

from conftest import WEB, habit_binary
from helpers import add_habit, card, go_offline, go_online, open_app, sign_up, wait_synced


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """A `habit serve` that can be stopped and started again on the same port and data, with
    `arguments` added to its command line."""

    def __init__(self, *arguments):
        self.arguments = list(arguments)
        self.data = tempfile.mkdtemp(prefix="habitflow-cli-web-")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [habit_binary(), "serve", "--port", str(self.port), "--data-dir", self.data,
             "--password-cost", "4", "--log-level", "error", "--web-dir", WEB, *self.arguments],
            stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        assert "running at" in line, f"server did not start: {line!r}"

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=15)


@pytest.fixture
def restartable_server():
    server = Server()
    server.start()
    yield server
    if server.process.poll() is None:
        server.stop()
    shutil.rmtree(server.data, ignore_errors=True)


@pytest.fixture
def cli():
    folder = tempfile.mkdtemp(prefix="habitflow-cli-")

    def run(*arguments, stdin=None):
        result = subprocess.run([habit_binary(), *arguments, "--data-dir", folder], input=stdin,
                                capture_output=True, text=True, timeout=120,
                                env={**os.environ, "NO_COLOR": "1"})
        assert result.returncode == 0, f"habit {' '.join(arguments)}: {result.stderr}"
        return result.stdout

    yield run
    shutil.rmtree(folder, ignore_errors=True)


def habits_today(cli):
    return {habit["title"]: habit for habit in json.loads(cli("today", "--json"))["habits"]}


def test_the_cli_and_the_web_app_edit_offline_and_converge(restartable_server, browser, cli):
    context = browser.new_context()
    page = context.new_page()
    open_app(page, restartable_server.url)
    email = sign_up(page)
    page.get_by_role("button", name="Habits").click()
    add_habit(page, "Stretch", measure="count", target="5")
    add_habit(page, "Read")
    wait_synced(page)

    login = cli("login", restartable_server.url, "--email", email, stdin="correct horse battery\n")
    assert "Synced:" in login
    assert set(habits_today(cli)) == {"Stretch", "Read"}

    # The server goes down: the browser is offline, and the CLI's background syncs fail quietly.
    restartable_server.stop()
    go_offline(context, page)
    page.get_by_role("button", name="Habits").click()
    card(page, "Stretch").get_by_role("button", name=re.compile("Add 1")).click()
    card(page, "Read").get_by_role("button", name=re.compile("Mark done")).click()
    expect(card(page, "Read")).to_have_class(re.compile("done"))
    cli("count", "stretch", "2")
    cli("note", "read", "from the terminal")
    cli("add", "Journal", "--category", "Self")

    restartable_server.start()
    go_online(context, page)
    wait_synced(page)
    cli("sync")
    wait_synced(page)

    page.get_by_role("button", name="Habits").click()
    expect(card(page, "Stretch")).to_contain_text("3/5")
    expect(card(page, "Journal")).to_be_visible()
    expect(card(page, "Read")).to_have_class(re.compile("done"))
    habits = habits_today(cli)
    assert set(habits) == {"Stretch", "Read", "Journal"}
    assert habits["Stretch"]["value"] == "3"
    assert habits["Read"]["done"] is True
    assert habits["Read"]["note"] == "from the terminal"
    context.close()
