"""Web app figures for BENCHMARKS.md, measured in Debian's Chromium:
first-load bytes (as transferred, Brotli or gzip as the server sends them) and, with 200 habits
each with a year of history on the phone viewport, the time from a tap on a done button to the
updated screen (performance.now around a synthetic click, which dispatches to Swift and patches
the markup synchronously) and from a real tap to the next paint (Event Timing API).

Then, with habits that each hold ten years of history (issue 11), real clicks and key presses on
the progress screens, each timed from input to the next paint: the Progress tab, its month
arrows, the habit picker, a habit's detail and its score grouping (see `decade()` below).

Usage: .venv/bin/python Benchmarks/web/measure.py   (builds nothing; start from a built checkout)
HABITFLOW_MEASURE_WEB_DIR=<dir> measures another build of Web/ (say, the last commit's) on the same server.
HABITFLOW_MEASURE_HABIT=<path> runs another server binary (default .build/debug/habit).
HABITFLOW_MEASURE_DECADE_HABITS=<n> sets how many ten-year habits the second part makes (default 20);
HABITFLOW_MEASURE_ONLY=decade runs the second part alone.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

def seed(page, count, days, mixed=False):
    """Creates `count` habits through the app, started `days` days ago, then loads `days` days of
    history for each as a stored replica loads: the snapshot the shell would read from IndexedDB.
    Returns how many check-ins it made (and fails if the app saved no habits to read back).
    The app saves a burst of a thousand records or more (200 new habits are about 3,200) as one
    `base` record of JSON text in the `state` store instead of a record per field (78a191c), so
    the habits are read from the base and the records written since, as the shell's
    `loadSnapshot` reads them; the replica is handed to the module on lines of their own, as the
    shell does at start (80515a0). As before, the outbox is left empty.
    The year's pattern (kept as it was measured since issue 9) leaves about a habit in four
    without check-ins and the others done every day; `mixed` misses about a day in four in every
    habit, so each has hundreds of streaks to draw."""
    page.evaluate("""([count, days]) => {
      const d = window.habitflow.dispatch;
      d({t: 'event', name: 'onboard-done', arg: '', value: ''});
      const start = new Date(Date.now() - days * 86400000).toISOString().slice(0, 10);
      for (let i = 0; i < count; i++) {
        d({t: 'event', name: 'open-add', arg: '', value: ''});
        d({t: 'event', name: 'draft', arg: 'title', value: 'Habit ' + i});
        d({t: 'event', name: 'draft', arg: 'category', value: ['health', 'work', 'self'][i % 3]});
        d({t: 'event', name: 'draft', arg: 'start', value: start});
        d({t: 'event', name: 'save', arg: '', value: ''});
      }
    }""", [count, days])
    return page.evaluate("""async ([days, mixed]) => {
      await window.habitflow.idle();
      const db = await new Promise((resolve) => { const open = indexedDB.open('habitflow'); open.onsuccess = () => resolve(open.result); });
      const read = (store, key) => new Promise((resolve) => {
        const request = key ? db.transaction(store).objectStore(store).get(key) : db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
      });
      const meta = await read('state', 'meta');
      const base = await read('state', 'base');
      const records = await read('fields');
      db.close();
      // The base's field states (those still queued marked "q", which would put them in the
      // outbox: dropped, the outbox stays empty), then the records written since, which win.
      const stored = (base ? JSON.parse(base.fields) : []).map(({q, ...change}) => change).concat(records);
      // In key order, as IndexedDB lists records (the check-in pattern depends on the order).
      const habits = [...new Set(stored.filter((f) => f.entity === 'habit' && f.field === 'title').map((f) => f.key))].sort();
      if (!habits.length) throw new Error('seeding: no habits stored (meta ' + JSON.stringify(meta) + ', base '
        + Boolean(base) + ', ' + records.length + ' field records)');
      const device = meta.device;
      const fields = stored.slice();
      let counter = 0;
      const pad = (n, width) => String(n).padStart(width, '0');
      const then = Date.now() - (days + 35) * 86400000;
      for (const [index, habit] of habits.entries()) {
        for (let back = 1; back <= days; back++) {
          const missed = mixed ? (back * 37 + index * 11) % 97 % 4 === 0 : (back * 7 + habit.length * 3 + counter) % 4 === 0;
          if (missed) { counter++; continue; }
          const day = new Date(Date.now() - back * 86400000).toISOString().slice(0, 10);
          counter++;
          fields.push({id: device + '.h' + counter, entity: 'entry', key: habit + '/' + day, field: 'value',
                       value: 1000, stamp: pad(then + counter, 15) + '-00000-' + device});
        }
      }
      window.habitflow.dispatch({t: 'boot', device, snapshot: {...meta, queued: [], dropped: []}, onboarded: true},
                                {fields: JSON.stringify(fields), outbox: '[]'});
      return fields.length - stored.length;
    }""", [days, mixed])


# Every interaction's entries as the Event Timing API reports them (input to the next paint, in
# 8 ms steps, only those of 16 ms or more), and, at full resolution, the time from the input
# event to a task queued from the next animation frame (the frame's work done).
OBSERVE = """() => {
  window.timings = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) window.timings.push({name: entry.name, id: entry.interactionId, duration: entry.duration,
        processing: entry.processingEnd - entry.processingStart});
    }
  }).observe({type: 'event', durationThreshold: 16});
  window.frames = [];
  for (const type of ['click', 'keydown']) {
    document.addEventListener(type, (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => setTimeout(() => window.frames.push(performance.now() - start), 0));
    }, true);
  }
}"""


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


class Interactions:
    """Times real inputs one at a time: each named interaction's Event Timing duration (the
    longest entry of the interaction; 0 when under 16 ms, as the API reports none) and its
    input-to-frame time."""

    def __init__(self, page):
        self.page = page
        self.results = {}
        page.evaluate(OBSERVE)

    def time(self, name, act):
        before = self.page.evaluate("[window.timings.length, window.frames.length]")
        act()
        self.page.wait_for_timeout(150)
        timings, frames = self.page.evaluate(
            "([t, f]) => [window.timings.slice(t), window.frames.slice(f)]", before)
        by_interaction = {}
        for entry in timings:
            by_interaction[entry["id"]] = max(by_interaction.get(entry["id"], 0), entry["duration"])
        paint = max(by_interaction.values()) if by_interaction else 0.0
        processing = max((entry["processing"] for entry in timings), default=0.0)
        frame = max(frames) if frames else float("nan")
        self.results.setdefault(name, []).append((paint, frame, processing))

    def report(self):
        print(f"  {'interaction':<44} {'n':>3}  {'next paint median / p98':>24}  {'input to frame median / p98':>28}"
              f"  {'handlers':>8}")
        for name, samples in self.results.items():
            paints = [sample[0] for sample in samples]
            frames = [sample[1] for sample in samples]
            handlers = statistics.median(sample[2] for sample in samples)
            slow = sum(1 for paint in paints if paint)
            median = statistics.median(paints)
            paint = (f"{median:.0f}" if median else "<16") + " / " + (
                f"{percentile(paints, 0.98):.0f}" if percentile(paints, 0.98) else "<16") + " ms"
            print(f"  {name:<44} {len(samples):>3}  {paint:>24}  "
                  f"{statistics.median(frames):>13.1f} / {percentile(frames, 0.98):>5.1f} ms"
                  f"  {handlers:>5.1f} ms" + (f"   ({slow} of {len(samples)} at 16 ms or more)" if slow else ""))


def decade(browser, url, count):
    """Habits with ten years of history (about 2,700 check-ins each): real clicks (Playwright's
    mouse) and key presses on the Progress tab, its month arrows, the habit picker, the habit's
    detail and its score grouping, each timed to the next paint."""
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(url)
    page.wait_for_selector("#main")
    page.evaluate("navigator.serviceWorker.ready")
    started = time.perf_counter()
    entries = seed(page, count, 3652, mixed=True)
    page.wait_for_selector(".card")
    print(f"\nten years: {count} habits, {entries} check-ins (seeded in {time.perf_counter() - started:.0f} s)")
    run = Interactions(page)
    tabs = page.locator("nav.tabs")
    repeat = 25
    for _ in range(repeat):
        run.time("Habits → Progress tab (every habit)", lambda: tabs.get_by_role("button", name="Progress").click())
        run.time("Progress → Habits tab", lambda: tabs.get_by_role("button", name="Habits").click())
    tabs.get_by_role("button", name="Progress").click()
    for _ in range(repeat):
        run.time("previous month (every habit)", lambda: page.locator("#progress-previous").click())
    for _ in range(repeat):
        run.time("next month (every habit)", lambda: page.locator("#progress-next").click())
    # The picker by keyboard (a trusted key press changes a closed select in Chromium on Linux):
    # ArrowDown picks the first habit, ArrowUp goes back to every habit.
    for _ in range(repeat):
        page.focus("#progress-habit")
        run.time("habit picker: a 10-year habit (ArrowDown)", lambda: page.keyboard.press("ArrowDown"))
        assert page.locator("#progress-habit").input_value() != ""
        page.focus("#progress-habit")
        run.time("habit picker: every habit (ArrowUp)", lambda: page.keyboard.press("ArrowUp"))
        assert page.locator("#progress-habit").input_value() == ""
    page.focus("#progress-habit")
    page.keyboard.press("ArrowDown")
    page.locator("#progress-summary").wait_for()
    for _ in range(repeat):
        run.time("previous month (one 10-year habit)", lambda: page.locator("#progress-previous").click())
    for _ in range(repeat):
        run.time("next month (one 10-year habit)", lambda: page.locator("#progress-next").click())
    for _ in range(repeat):
        run.time("open the habit's detail", lambda: page.locator("#progress-detail").click())
        page.locator(".sheet #chart-year").wait_for()
        run.time("close the detail", lambda: page.locator(".sheet-head").get_by_role("button", name="Close").click())
    page.locator("#progress-detail").click()
    choices = page.locator("#score-by")
    choices.scroll_into_view_if_needed()
    for _ in range(repeat):
        for bucket in ("Day", "Week", "Month"):
            run.time(f"score grouping: {bucket}", lambda: choices.get_by_role("button", name=bucket).click())
    page.locator("#history-by").scroll_into_view_if_needed()
    for _ in range(repeat):
        for bucket in ("Month", "Week"):
            run.time(f"history grouping: {bucket}",
                     lambda: page.locator("#history-by").get_by_role("button", name=bucket).click())
    print("tap to next paint (Event Timing; its floor is 16 ms here), budget 16 ms median; input to frame: the same\n"
          "input to a task queued from the next animation frame, at full resolution; handlers: Event Timing's\n"
          "processingEnd - processingStart (the Swift call and the patch; median, 0 when the event took under 16 ms):")
    run.report()
    page.context.close()


def year(page):
    """200 habits with a year of history: taps on done buttons, synthetic (the Swift call and the
    patch) and real (to the next paint)."""
    entries = seed(page, 200, 365)
    print(f"history: {entries} check-ins over the past year")
    count = page.locator(".card").count()
    timings = page.evaluate("""() => {
      const times = [];
      for (let i = 0; i < 30; i++) {
        const button = document.querySelectorAll('.card .check')[i % 10];
        const start = performance.now();
        button.click();
        times.push(performance.now() - start);
      }
      return times;
    }""")
    timings.sort()
    print(f"tap to updated screen, {count} habits: median {statistics.median(timings):.1f} ms, "
          f"p90 {timings[int(len(timings) * 0.9)]:.1f} ms, min {timings[0]:.1f} ms (budget 16 ms)")

    # Real taps, one at a time, as the Event Timing API sees them: input to the next paint,
    # including whatever runs before that paint (saving). It reports only events of 16 ms or
    # more (in 8 ms steps), so shorter ones count as "under 16".
    page.evaluate("""() => {
      window.slowTaps = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'click') window.slowTaps.push(entry.duration);
      }).observe({ type: 'event', durationThreshold: 16 });
    }""")
    taps = 100
    for i in range(taps):
        page.locator(".card .check").nth(i % 10).click()
        page.wait_for_timeout(100)
    page.wait_for_timeout(500)
    slow = sorted(page.evaluate("window.slowTaps"))
    if os.environ.get("HABITFLOW_MEASURE_VERBOSE"): print(slow)
    paints = [0.0] * (taps - len(slow)) + slow
    median = statistics.median(paints)
    print(f"tap to next paint (Event Timing), {taps} taps: {len(slow)} took 16 ms or more; median "
          + (f"{median:.0f} ms" if median else "under 16 ms")
          + (f", p98 {paints[int(len(paints) * 0.98)]:.0f} ms" if slow else "") + " (budget 16 / 33 ms)")


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The built server (never built here: `swift build` would take .build's lock from a build in
# progress); HABITFLOW_MEASURE_HABIT names another.
binary = os.environ.get("HABITFLOW_MEASURE_HABIT", os.path.join(ROOT, ".build", "debug", "habit"))
if not os.access(binary, os.X_OK):
    sys.exit(f"no server at {binary}: build it (swift build --product habit) or set HABITFLOW_MEASURE_HABIT")
data = tempfile.mkdtemp()
server = subprocess.Popen([binary, "serve", "--port", "0", "--data-dir", data, "--log-level", "error",
                           "--web-dir", os.environ.get("HABITFLOW_MEASURE_WEB_DIR", os.path.join(ROOT, "Web"))], stdout=subprocess.PIPE, text=True)
url = re.search(r"running at (\S+)", server.stdout.readline()).group(1)

try:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                             args=["--no-sandbox"])
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        sizes = {}
        page.on("requestfinished", lambda request: sizes.__setitem__(
            request.url.replace(url, ""), request.sizes()["responseBodySize"]))
        page.goto(url)
        page.wait_for_selector("#main")
        page.evaluate("navigator.serviceWorker.ready")
        page.wait_for_timeout(500)
        total = sum(sizes.values())
        print("first load (bytes transferred, encoded):")
        for name, size in sorted(sizes.items(), key=lambda item: -item[1]):
            print(f"  {size:>8}  {name}")
        print(f"  {total:>8}  total (budget 250,000)")

        if os.environ.get("HABITFLOW_MEASURE_ONLY") != "decade":
            year(page)
        decade(browser, url, int(os.environ.get("HABITFLOW_MEASURE_DECADE_HABITS", "20")))
        browser.close()
finally:
    server.terminate()
    server.wait()
    shutil.rmtree(data, ignore_errors=True)
