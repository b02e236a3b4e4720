"""Browser tests: a live `habit serve` on a temporary SQLite file, driven through Debian's
Chromium by Playwright."""
import os
import re
import shutil
import subprocess
import tempfile

import pytest
from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
# Another build of the shell (say, the last commit's) to check that a new test fails there.
WEB = os.environ.get("HABITFLOW_TEST_WEB_DIR", os.path.join(ROOT, "Web"))


def habit_binary():
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()
    return os.path.join(path, "habit")


@pytest.fixture(scope="module")
def server():
    # A server per test file: the suite signs up more people than one address may in the
    # server's login window (30 in 15 minutes), and each file starts from an empty database.
    data = tempfile.mkdtemp(prefix="habitflow-web-")
    process = subprocess.Popen(
        [habit_binary(), "serve", "--port", "0", "--data-dir", data, "--password-cost", "4",
         "--log-level", "error", "--web-dir", WEB],
        stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"running at (\S+)", line)
    assert match, f"server did not start: {line!r}"
    yield match.group(1)
    process.terminate()
    process.wait(timeout=10)
    shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    yield context
    context.close()
