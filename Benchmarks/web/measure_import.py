"""Importing a Loop Habit Tracker export of 50 habits × 5 years in Chromium, as a person does it:
Account → Your data, choose the zip, wait for the preview, confirm, wait for the result. The file
is read on this device by the whole app (`data.wasm`, no server involved) into its replica; the
figures are the time from choosing the file to the preview on screen; from the confirmation to
the frame that draws the result, and to the frame after it (by then the result was painted, and
the save that starts after the paint has run); and from the confirmation until IndexedDB holds
the import. Each run then reloads the page and checks that the imported habits read back.
Budget: under 1 s.

Run: .venv/bin/python Benchmarks/web/measure_import.py   (HABITFLOW_MEASURE_RUNS, default 5;
HABITFLOW_MEASURE_HABIT=<path> runs another server binary, default .build/debug/habit)
"""
import io
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from datetime import date, timedelta

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def loop_export(habits=50, years=5, today=date(2026, 11, 22)):
    """The export as Loop writes it, in the shape of the native benchmark's (ImportBenchmark.swift):
    one habit in five numeric, one in three weekly, every value kind present."""
    rng = random.Random(7)
    rows = ["Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
            "Target Type,Target Value,Archived?"]
    header = "Date"
    for index in range(habits):
        numeric = index % 5 == 4
        frequency = "3,7" if index % 3 == 2 else "1,1"
        rows.append(f"{index + 1:03d},Habit {index},{'NUMERICAL' if numeric else 'YES_NO'},Did you?,,{frequency},"
                    f"#00897B,{'km,AT_LEAST,5.0' if numeric else ',,'},false")
        header += f",Habit {index}"
    lines = [header + ","]
    for offset in range(365 * years):
        line = (today - timedelta(days=offset)).isoformat()
        for index in range(habits):
            roll = rng.randrange(100)
            if index % 5 == 4:
                line += f",{roll * 100}" if roll < 60 else ",-1"
            else:
                line += "," + str(2 if roll < 55 else 1 if roll < 65 else 0 if roll < 80 else 3 if roll < 83 else -1)
        lines.append(line + ",")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Habits.csv", "\n".join(rows) + "\n")
        archive.writestr("Checkmarks.csv", "\n".join(lines) + "\n")
    return buffer.getvalue()


def run_once(browser, url, data):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#main")
    if page.get_by_role("button", name="Skip").count():
        page.get_by_role("button", name="Skip").click()
    page.get_by_role("button", name="Account").click()
    page.wait_for_selector("#import-file")
    page.wait_for_function("() => performance.getEntriesByName(location.origin + '/data.wasm').length > 0")
    page.wait_for_timeout(300)
    page.evaluate("""() => {
      // The time of the frame after the one that first drew `selector` (so that frame was
      // painted); `window.drawn` keeps when the frame that drew it began its work (its
      // animation-frame callbacks run just before its style, layout and paint).
      window.shown = (selector) => new Promise((resolve) => {
        const check = () => {
          if (!document.querySelector(selector)) { requestAnimationFrame(check); return; }
          window.drawn = performance.now();
          requestAnimationFrame(() => resolve(performance.now()));
        };
        requestAnimationFrame(check);
      });
    }""")
    started = page.evaluate("performance.now()")
    page.locator("#import-file").set_input_files(files=[{"name": "export.zip", "mimeType": "application/zip", "buffer": data}])
    previewed = page.evaluate("window.shown('#import-confirm, #import-error')")
    if page.locator("#import-error").count():
        raise SystemExit("refused: " + page.locator("#import-error").inner_text())
    preview = previewed - started
    result, saved, drawn = page.evaluate("""() => {
      const started = performance.now();
      document.getElementById('import-confirm').click();
      return window.shown('#import-result, #import-error').then(async (at) => {
        const drawn = window.drawn - started;
        await window.habitflow.idle();
        return [at - started, performance.now() - started, drawn];
      });
    }""")
    text = page.locator("#import-result").inner_text()
    page.reload()
    page.wait_for_selector("#main")
    page.get_by_role("button", name="All habits").click()
    page.get_by_text("Habit 49").first.wait_for()
    context.close()
    return preview, result, saved, drawn, text


def main():
    runs = int(os.environ.get("HABITFLOW_MEASURE_RUNS", "5"))
    data = loop_export()
    # The built server (never built here: `swift build` would wait for a build in progress).
    binary = os.environ.get("HABITFLOW_MEASURE_HABIT", os.path.join(ROOT, ".build", "debug", "habit"))
    if not os.access(binary, os.X_OK):
        sys.exit(f"no server at {binary}: build it (swift build --product habit) or set HABITFLOW_MEASURE_HABIT")
    folder = tempfile.mkdtemp()
    server = subprocess.Popen([binary, "serve", "--port", "0", "--data-dir", folder, "--log-level", "error",
                               "--web-dir", os.environ.get("HABITFLOW_MEASURE_WEB_DIR", os.path.join(ROOT, "Web"))],
                              stdout=subprocess.PIPE, text=True)
    url = re.search(r"running at (\S+)", server.stdout.readline()).group(1)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                                 args=["--no-sandbox"])
            previews, results, saves, draws = [], [], [], []
            for _ in range(runs):
                preview, result, saved, drawn, text = run_once(browser, url, data)
                previews.append(preview)
                draws.append(drawn)
                results.append(result)
                saves.append(saved)
            browser.close()
        print(f"Loop export, 50 habits x 5 years: {len(data):,} bytes zipped; {text}")
        print(f"  choose the file -> preview on screen: median {statistics.median(previews):.0f} ms "
              f"(min {min(previews):.0f}, max {max(previews):.0f}) over {runs} runs")
        print(f"  confirm -> frame that draws the result: median {statistics.median(draws):.0f} ms "
              f"(min {min(draws):.0f}, max {max(draws):.0f})")
        print(f"  confirm -> result on screen:          median {statistics.median(results):.0f} ms "
              f"(min {min(results):.0f}, max {max(results):.0f}); budget 1,000 ms")
        print(f"  confirm -> saved in IndexedDB:        median {statistics.median(saves):.0f} ms "
              f"(min {min(saves):.0f}, max {max(saves):.0f})")
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
