"""Writes a Loop Habit Tracker CSV export (the zip Loop shares) of HABITS habits over YEARS years
ending at TODAY, for seeding the `habit today` benchmark through `habit import`.

Usage: make_loop_export.py OUT.zip [HABITS] [YEARS] [TODAY]
Every third habit is 3 times a week, every fifth a quantity (km, at least 5); values mix done,
automatic, not done, skipped and unknown days the way Loop writes them.
"""
import datetime
import random
import sys
import zipfile


def main():
    out = sys.argv[1]
    habits = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    years = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    today = datetime.date.fromisoformat(sys.argv[4]) if len(sys.argv) > 4 else datetime.date.today()
    rng = random.Random(7)
    rows = ["Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,"
            "Color,Unit,Target Type,Target Value,Archived?"]
    for index in range(habits):
        numeric = index % 5 == 4
        frequency = "3,7" if index % 3 == 2 else "1,1"
        rows.append(f"{index + 1:03d},Habit {index},{'NUMERICAL' if numeric else 'YES_NO'},Did you?,,"
                    f"{frequency},#00897B,{'km,AT_LEAST,5.0' if numeric else ',,'},false")
    lines = ["Date," + ",".join(f"Habit {index}" for index in range(habits)) + ","]
    for offset in range(365 * years):
        day = today - datetime.timedelta(days=offset)
        values = []
        for index in range(habits):
            roll = rng.randrange(100)
            if index % 5 == 4:
                values.append(str(roll * 100) if roll < 60 else "-1")
            else:
                values.append("2" if roll < 55 else "1" if roll < 65 else "0" if roll < 80
                              else "3" if roll < 83 else "-1")
        lines.append(day.isoformat() + "," + ",".join(values) + ",")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Habits.csv", "\n".join(rows) + "\n")
        archive.writestr("Checkmarks.csv", "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
