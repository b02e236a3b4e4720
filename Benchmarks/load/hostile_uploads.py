#!/usr/bin/env python3
"""Hostile uploads against a release `habit serve` on SQLite: each file made to crash the server
or exhaust its memory or CPU is sent ten at a time to POST /api/v1/import, previewed and applied,
while the server's memory is sampled from /proc. Prints, per file, the answers and the slowest one,
then the server's peak resident memory (VmHWM, which must stay under 256 MiB) and whether it still
answers. Exit status 1 when an answer is not a 4xx, the server went down, or the peak is 256 MiB or
more.

Usage: [HABIT=path/to/habit] Benchmarks/load/hostile_uploads.py [--rounds N]
(without HABIT it builds the release `habit` under the shared build lock).
"""
import argparse
import io
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LIMIT_MIB = 256


def zip_of(members, method=zipfile.ZIP_DEFLATED):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method, compresslevel=9) as archive:
        for name, data in members:
            archive.writestr(name, data)
    return out.getvalue()


def loop_habits_csv(count, numerator="1", denominator="1"):
    lines = ["Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,"
             "Color,Unit,Target Type,Target Value,Archived?"]
    for index in range(1, count + 1):
        lines.append("%03d,Habit %d,YES_NO,,,%s,%s,#D32F2F,,,,false"
                     % (index, index, numerator, denominator))
    return ("\n".join(lines) + "\n").encode()


def database(path, statements):
    connection = sqlite3.connect(path)
    for statement in statements:
        connection.execute(statement)
    connection.commit()
    connection.close()
    with open(path, "rb") as file:
        return file.read()


def hostile_files(folder):
    """Name → bytes of every hostile shape the issue reproduced, made here (nothing committed)."""
    files = {}
    files["huge-frequency Habits.csv"] = (
        "Habits.csv", loop_habits_csv(1, "700000000000000000", "700000000000000001"))
    zeros = b"\0" * 50_000_000
    inner = zip_of([("Checkmarks.csv", zeros)])
    files["nested zip (20 zips of 50 MB each)"] = (
        "nested.zip", zip_of([("inner%d.zip" % i, inner) for i in range(20)], zipfile.ZIP_STORED))
    files["zip bomb (100 MB of one line)"] = (
        "bomb.zip", zip_of([("Checkmarks.csv", b"2024-01-01," + b"2," * 49_999_990 + b"\n")]))
    # 0.5 MB: a Loop export of 5,000 habits, more than one import may bring.
    header = "Date," + ",".join("Habit %d" % i for i in range(1, 5001)) + ",\n"
    rows = "".join("2024-01-%02d," % day + "2," * 5000 + "\n" for day in range(1, 29))
    files["Loop zip of 5,000 habits"] = (
        "loop.zip", zip_of([("Habits.csv", loop_habits_csv(5000)),
                            ("Checkmarks.csv", (header + rows).encode())]))
    # A Loop export whose dates lie 9,999 years apart, for 1,000 habits (the old code walked
    # every day between them for every habit).
    header = "Date," + ",".join("Habit %d" % i for i in range(1, 1001)) + ",\n"
    rows = "".join(date + "," + "2," * 1000 + "\n" for date in ("9999-12-31", "0001-01-01"))
    files["Loop zip with dates 9,999 years apart"] = (
        "far.zip", zip_of([("Habits.csv", loop_habits_csv(1000)),
                           ("Checkmarks.csv", (header + rows).encode())]))
    habits = ("CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT, freq_num INTEGER, "
              "freq_den INTEGER, position INTEGER, uuid TEXT)")
    repetitions = ("CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, "
                   "timestamp INTEGER, value INTEGER)")
    files[".db with a generated column"] = ("generated.db", database(
        os.path.join(folder, "generated.db"),
        ["CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT, big BLOB GENERATED ALWAYS AS "
         "(zeroblob(1000000000)) VIRTUAL)", repetitions,
         "INSERT INTO Habits (id, name) VALUES (1, 'A')"]))
    files[".db with huge freq_num/freq_den"] = ("frequency.db", database(
        os.path.join(folder, "frequency.db"),
        [habits, repetitions,
         "INSERT INTO Habits VALUES (1, 'Huge', 700000000000000000, 700000000000000001, 1, 'u')"]))
    files[".db of 3 million rows"] = ("rows.db", database(
        os.path.join(folder, "rows.db"),
        [habits, repetitions, "INSERT INTO Habits VALUES (1, 'A', 1, 1, 1, 'u')",
         "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) "
         "INSERT INTO Repetitions (habit, timestamp, value) SELECT 1, i * 86400000, 2 FROM n"]))
    files["WAL-mode .db"] = ("wal.db", database(
        os.path.join(folder, "wal.db"),
        ["PRAGMA journal_mode = WAL", habits, repetitions,
         "INSERT INTO Habits VALUES (1, 'Walk', 3, 7, 1, 'u')"]))
    return files


class Sampler(threading.Thread):
    """Reads the server's VmRSS every 20 ms; VmHWM at the end is the kernel's own peak."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.batch, self.running = pid, 0, 0, True

    def status(self, field):
        with open("/proc/%d/status" % self.pid) as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) // 1024
        return 0

    def take_peak(self):
        """The highest VmRSS since the last call."""
        peak, self.batch = self.batch, 0
        return max(peak, self.status("VmRSS"))

    def run(self):
        while self.running:
            try:
                rss = self.status("VmRSS")
                self.peak = max(self.peak, rss)
                self.batch = max(self.batch, rss)
            except OSError:
                return
            time.sleep(0.02)


def request(url, data=None, token=None, timeout=300, kind="application/octet-stream"):
    headers = {"content-type": kind}
    if token:
        headers["authorization"] = "Bearer " + token
    call = urllib.request.Request(url, data=data, headers=headers,
                                  method="POST" if data is not None else "GET")
    started = time.monotonic()
    try:
        with urllib.request.urlopen(call, timeout=timeout) as answer:
            return answer.status, answer.read(), time.monotonic() - started
    except urllib.error.HTTPError as error:
        return error.code, error.read(), time.monotonic() - started
    except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
        return 0, str(error).encode(), time.monotonic() - started


def message(body):
    """The error's message of an answer, or what the preview says in short."""
    try:
        answer = json.loads(body)
    except ValueError:
        return body[:100].decode("utf-8", "replace")
    if "error" in answer:
        return answer["error"].get("message", "")
    if "preview" in answer:
        return "preview: " + json.dumps(answer["preview"])[:90]
    return json.dumps(answer)[:100]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=1, help="times each batch of ten is sent")
    parser.add_argument("--port", type=int, default=18383)
    options = parser.parse_args()
    habit = os.environ.get("HABIT")
    if not habit:
        subprocess.run(["flock", "/tmp/habitflow-build.lock", "swift", "build", "-c", "release",
                        "--product", "habit"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                                  check=True, capture_output=True, text=True).stdout.strip()
        habit = os.path.join(bin_path, "habit")
    work = tempfile.mkdtemp(prefix="hostile-")
    temporary = os.path.join(work, "tmp")
    os.mkdir(temporary)
    print("making the hostile files…", flush=True)
    files = hostile_files(work)
    data = os.path.join(work, "data")
    server = subprocess.Popen(
        [habit, "serve", "--port", str(options.port), "--data-dir", data, "--log-level", "error",
         "--password-cost", "4"], env=dict(os.environ, TMPDIR=temporary))
    base = "http://127.0.0.1:%d" % options.port
    failed = False
    try:
        for _ in range(100):
            if request(base + "/healthz")[0] == 200:
                break
            time.sleep(0.1)
        status, body, _ = request(
            base + "/api/v1/accounts",
            json.dumps({"email": "hostile-%d@example.com" % time.time_ns(),
                        "password": "hostile uploads password"}).encode(),
            kind="application/json")
        if status != 201 and status != 200:
            raise SystemExit("sign-up failed: %d %s" % (status, body[:200]))
        token = json.loads(body)["token"]
        sampler = Sampler(server.pid)
        sampler.start()
        idle = sampler.status("VmRSS")
        print("server idle: %d MiB" % idle)
        print("%-38s %8s %-7s %-8s %8s %9s  %s" % (
            "file", "bytes", "mode", "answers", "slowest", "peak RSS", "first answer"))
        for label, (name, content) in files.items():
            for preview in (True, False):
                for _ in range(options.rounds):
                    answers = [None] * 10
                    url = "%s/api/v1/import?name=%s%s" % (
                        base, name, "&preview=true" if preview else "")

                    def send(slot):
                        answers[slot] = request(url, content, token)

                    threads = [threading.Thread(target=send, args=(i,)) for i in range(10)]
                    for thread in threads:
                        thread.start()
                    for thread in threads:
                        thread.join()
                    codes = sorted(set(a[0] for a in answers))
                    slowest = max(a[2] for a in answers)
                    batch_peak = sampler.take_peak()
                    print("%-38s %8d %-7s %-8s %6.2f s %5d MiB  %s" % (
                        label, len(content), "preview" if preview else "apply",
                        ",".join(map(str, codes)), slowest, batch_peak,
                        message(answers[0][1])[:100]), flush=True)
                    expected_ok = name in ("wal.db", "frequency.db", "Habits.csv", "far.zip")
                    if any(a[0] == 0 or a[0] >= 500 for a in answers) or \
                            (not expected_ok and any(a[0] < 400 for a in answers)):
                        failed = True
        sampler.running = False
        sampler.join()
        peak = sampler.status("VmHWM")
        after = sampler.status("VmRSS")
        alive = request(base + "/healthz")[0] == 200 and server.poll() is None
        leftovers = os.listdir(temporary)
        print("server: peak %d MiB (VmHWM; sampled VmRSS peak %d MiB), %d MiB after, idle %d MiB"
              % (peak, sampler.peak, after, idle))
        print("server still answers /healthz: %s; files left in its TMPDIR: %s"
              % ("yes" if alive else "NO", leftovers or "none"))
        if peak >= LIMIT_MIB or not alive or leftovers:
            failed = True
    finally:
        server.terminate()
        server.wait()
        subprocess.run(["rm", "-rf", work])
    print("FAILED" if failed else "ok: every hostile upload refused or read, within %d MiB"
          % LIMIT_MIB)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
