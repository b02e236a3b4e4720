"""Web app figures for BENCHMARKS.md, measured in Debian's Chromium:
first-load bytes (as transferred, Brotli or gzip as the server sends them) and, with 200 habits
each with a year of history on the phone viewport, the time from a tap on a done button to the
updated screen (performance.now around a synthetic click, which dispatches to Swift and patches
the markup synchronously) and from a real tap to the next paint (Event Timing API).

Usage: .venv/bin/python Benchmarks/web/measure.py   (builds nothing; start from a built checkout)
HABITFLOW_MEASURE_WEB_DIR=<dir> measures another build of Web/ (say, the last commit's) on the same server.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
binary = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                        check=True).stdout.strip() + "/habit"
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

        page.evaluate("""() => {
          const d = window.habitflow.dispatch;
          d({t: 'event', name: 'onboard-done', arg: '', value: ''});
          const start = new Date(Date.now() - 365 * 86400000).toISOString().slice(0, 10);
          for (let i = 0; i < 200; i++) {
            d({t: 'event', name: 'open-add', arg: '', value: ''});
            d({t: 'event', name: 'draft', arg: 'title', value: 'Habit ' + i});
            d({t: 'event', name: 'draft', arg: 'category', value: ['health', 'work', 'self'][i % 3]});
            d({t: 'event', name: 'draft', arg: 'start', value: start});
            d({t: 'event', name: 'save', arg: '', value: ''});
          }
        }""")
        # A year of history for each (about three days in four done), loaded as a stored replica
        # loads: the snapshot the shell would read from IndexedDB.
        entries = page.evaluate("""async () => {
          await window.habitflow.idle();
          const db = await new Promise((resolve) => { const open = indexedDB.open('habitflow'); open.onsuccess = () => resolve(open.result); });
          const read = (store, key) => new Promise((resolve) => {
            const request = key ? db.transaction(store).objectStore(store).get(key) : db.transaction(store).objectStore(store).getAll();
            request.onsuccess = () => resolve(request.result);
          });
          const writes = {meta: await read('state', 'meta'), fields: await read('fields')};
          db.close();
          const habits = writes.fields.filter((f) => f.entity === 'habit' && f.field === 'title').map((f) => f.key);
          const device = writes.meta.device;
          const fields = writes.fields.slice();
          let counter = 0;
          const pad = (n, width) => String(n).padStart(width, '0');
          const then = Date.now() - 400 * 86400000;
          for (const habit of habits) {
            for (let back = 1; back <= 365; back++) {
              if ((back * 7 + habit.length * 3 + counter) % 4 === 0) { counter++; continue; }
              const day = new Date(Date.now() - back * 86400000).toISOString().slice(0, 10);
              counter++;
              fields.push({id: device + '.h' + counter, entity: 'entry', key: habit + '/' + day, field: 'value',
                           value: 1000, stamp: pad(then + counter, 15) + '-00000-' + device});
            }
          }
          window.habitflow.dispatch({t: 'boot', device, now: Date.now(), today: new Date().toISOString().slice(0, 10),
                                     snapshot: {...writes.meta, fields, outbox: []}, onboarded: true});
          return fields.length - writes.fields.length;
        }""")
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
        browser.close()
finally:
    server.terminate()
    server.wait()
    shutil.rmtree(data, ignore_errors=True)
