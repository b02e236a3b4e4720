"""Every screen at phone, tablet and desktop widths, light and dark, with the longest titles,
long units and large counts: nothing overflows its box or the viewport, nothing is clipped, and
axe finds no violation of any impact. Screenshots go to $HABITFLOW_SHOTS (default
/tmp/habitflow-shots) for a person to look at."""
import datetime
import os
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from helpers import open_app, saved, sign_up
from test_data import choose, loop_zip

SHOTS = os.environ.get("HABITFLOW_SHOTS", "/tmp/habitflow-shots")
WIDTHS = [320, 390, 768, 1280]
# 38 characters: the longest title a habit may have.
WATER = "Drink water with lemon every morning!!"
PUSHUPS = "Push-ups before breakfast, every day ok"[:38]
WORD = "Supercalifragilisticexpialidocious1234"
LONG_UNIT = "millilitres sparkling"[:20]
# Two habits with ten weeks of history (runs, misses, skips, notes) for the Progress calendar,
# the statistics and the detail's charts.
CALM = "Meditate for ten minutes before bed!!"
STRETCH = "Stretch"
TODAY = datetime.date.today()
LAST_MONTH = (TODAY.replace(day=1) - datetime.timedelta(days=1)).replace(day=1)

# What overflows: an element wider inside than its box (unless it scrolls on purpose), or a box
# that sticks out of the viewport (unless it sits in a row that scrolls sideways).
OVERFLOWS = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
    ' "' + (el.textContent || '').trim().slice(0, 30) + '"';
  const problems = [];
  if (document.documentElement.scrollWidth > width) problems.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + width);
  for (const el of document.querySelectorAll('#app *')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    // Inside a chart's SVG there are no CSS boxes: a text must stay inside its drawing (an SVG
    // clips what sticks out, so a label past the edge is cut).
    if (el.ownerSVGElement) {
      const frame = el.ownerSVGElement.getBoundingClientRect();
      if (el.tagName === 'text' && (box.left < frame.left - 1 || box.right > frame.right + 1 ||
                                    box.top < frame.top - 1 || box.bottom > frame.bottom + 1))
        problems.push(name(el.ownerSVGElement.closest('figure') || el.ownerSVGElement) + ': its text "' +
                      el.textContent + '" is cut at the edge of the chart');
      continue;
    }
    const field = ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
    if (!field && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && !scrolls(el))
      problems.push(name(el) + ' holds ' + el.scrollWidth + ' px in ' + el.clientWidth);
    let inScroller = false;
    for (let up = el.parentElement; up; up = up.parentElement) if (scrolls(up)) { inScroller = true; break; }
    if (!inScroller && (box.left < -1 || box.right > width + 1))
      problems.push(name(el) + ' sticks out of the viewport: ' + Math.round(box.left) + '..' + Math.round(box.right) + ' of ' + width);
  }
  return problems;
}"""


def dispatch(page, name, arg="", value=""):
    page.evaluate("([name, arg, value]) => window.habitflow.dispatch({t: 'event', name, arg, value})",
                  [name, arg, value])


def add(page, **fields):
    dispatch(page, "open-add")
    for field, value in fields.items():
        dispatch(page, "draft", field, value)
    dispatch(page, "save")
    refused = page.locator(".dialog, .notice, .sheet [role=alert]")
    assert page.locator(".sheet").count() == 0, "not saved: " + " / ".join(refused.all_inner_texts())


def habit_id(page, title):
    return page.locator(".card", has_text=title).locator(".card-open").get_attribute("data-arg")


def fill_the_day(page):
    add(page, title=WATER, category="health", measureKind="quantity", quantityTarget="1500", unit=LONG_UNIT,
        emoji="💧")
    add(page, title=PUSHUPS, category="health", measureKind="count", step="250", countTarget="1000", emoji="💪")
    add(page, title=WORD, category="work", emoji="📚")
    add(page, title="Smoke", category="quit", direction="quit", emoji="🚭")
    water = habit_id(page, WATER)
    dispatch(page, "amount", water, "123456.75")
    dispatch(page, "log-amount", water)
    pushups = habit_id(page, PUSHUPS)
    for _ in range(5):
        dispatch(page, "tap", pushups)
    dispatch(page, "tap", habit_id(page, WORD))
    saved(page)


def add_history(page):
    """Ten weeks back: CALM done most days (a miss every week, a skip every 11 days, a note every
    9), STRETCH two days in three: runs, misses, skips, notes and every shade of the calendar."""
    start = (TODAY - datetime.timedelta(days=70)).isoformat()
    dispatch(page, "tab", "habits")
    add(page, title=CALM, category="self", start=start, emoji="🧘")
    add(page, title=STRETCH, category="health", start=start, emoji="🤸")
    calm, stretch = habit_id(page, CALM), habit_id(page, STRETCH)
    steps = []
    for habit, marks in ((calm, lambda back: back % 7 != 3), (stretch, lambda back: back % 3 != 0)):
        steps.append(["open-detail", habit, ""])
        for back in range(70, 0, -1):
            day = (TODAY - datetime.timedelta(days=back)).isoformat()
            if habit == calm and back % 11 == 0:
                steps += [["detail-day", day, ""], ["skip", habit, ""]]
            elif marks(back):
                steps += [["detail-day", day, ""], ["tap", habit, ""]]
            if habit == calm and back % 9 == 0:
                steps += [["detail-day", day, ""], ["note", habit, "Calm, slept well after a long day at work"],
                          ["save-note", habit, ""]]
        steps.append(["close-sheet", "", ""])
    page.evaluate("""(steps) => {
      for (const [name, arg, value] of steps) window.habitflow.dispatch({t: 'event', name, arg, value});
    }""", steps)
    saved(page)
    return calm


def scroll_sheet_to(page, selector):
    """Scrolls the open sheet so `selector` is at its top, under the sheet's sticky header."""
    # The detail's charts follow its first paint.
    page.locator(".sheet " + selector).wait_for()
    page.evaluate("""(selector) => {
      const sheet = document.querySelector('.sheet');
      const target = sheet.querySelector(selector);
      const head = sheet.querySelector('.sheet-head').getBoundingClientRect().height;
      sheet.scrollTop += target.getBoundingClientRect().top - sheet.getBoundingClientRect().top - head - 8;
    }""", selector)


def check(page, screen, width, theme):
    page.wait_for_timeout(100)
    os.makedirs(SHOTS, exist_ok=True)
    # A sheet covers the viewport: the page scrolled beneath it is not what a person sees.
    covered = page.locator(".overlay").count() > 0
    page.screenshot(path=f"{SHOTS}/{screen}-{width}-{theme}.png", full_page=not covered)
    problems = page.evaluate(OVERFLOWS)
    assert not problems, f"{screen} at {width} px, {theme}: " + "; ".join(problems[:8])
    results = Axe().run(page)
    violations = [f"{v['id']} ({v['impact']}): " + "; ".join(n["target"][0] for n in v["nodes"][:3])
                  for v in results.response["violations"]]
    assert not violations, f"{screen} at {width} px, {theme}: " + " | ".join(violations)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
def test_every_screen_fits_and_passes_axe(server, browser, width, theme):
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=theme)
    page = context.new_page()
    open_app(page, server)
    fill_the_day(page)
    expect(page.locator(".card")).to_have_count(4)
    check(page, "today", width, theme)
    # Next week: every day in the strip is ahead (today's week may have none, on its last day).
    dispatch(page, "week-next")
    check(page, "next-week", width, theme)
    dispatch(page, "go-today")

    dispatch(page, "habits-view", "all")
    check(page, "all-habits", width, theme)
    dispatch(page, "habits-view", "day")

    dispatch(page, "picker", page.evaluate("new Date().toISOString().slice(0, 10)"))
    check(page, "date-picker", width, theme)
    page.keyboard.press("Escape")

    water = habit_id(page, WATER)
    dispatch(page, "open-detail", water)
    check(page, "detail", width, theme)
    dispatch(page, "open-edit", water)
    check(page, "editor", width, theme)
    dispatch(page, "close-sheet")

    dispatch(page, "tab", "statistics")
    check(page, "statistics", width, theme)
    dispatch(page, "tab", "account")
    check(page, "account", width, theme)

    # Issue 11's screens, with ten weeks of history.
    calm = add_history(page)
    dispatch(page, "tab", "progress")
    expect(page.locator("#progress-calendar [aria-current=date]")).to_have_count(1)
    check(page, "progress", width, theme)
    # One habit, last month: a whole month of runs, misses, skips and notes.
    dispatch(page, "progress-habit", "", calm)
    dispatch(page, "progress-month", LAST_MONTH.isoformat())
    expect(page.locator("#progress-calendar td.run")).not_to_have_count(0)
    expect(page.locator("#progress-calendar td.missed")).not_to_have_count(0)
    check(page, "progress-habit", width, theme)
    dispatch(page, "progress-habit")
    dispatch(page, "tab", "statistics")
    for period in ("week", "month", "year", "all"):
        dispatch(page, "statistics-period", period)
        expect(page.locator(".periods [aria-pressed=true]")).to_have_count(1)
        check(page, f"statistics-{period}", width, theme)
    dispatch(page, "open-detail", calm)
    scroll_sheet_to(page, "#score-by")
    check(page, "detail-charts", width, theme)
    dispatch(page, "score-by", "month")
    dispatch(page, "history-by", "month")
    scroll_sheet_to(page, "#history-by")
    check(page, "detail-charts-month", width, theme)
    scroll_sheet_to(page, ".best-streaks")
    check(page, "detail-streaks-year", width, theme)
    context.close()


def signed_in_account(server, browser, width, theme):
    """A new browser at `width` in `theme`, a full day of habits, signed up, on Account."""
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=theme)
    page = context.new_page()
    open_app(page, server)
    fill_the_day(page)
    sign_up(page)
    dispatch(page, "tab", "account")
    expect(page.get_by_text(re.compile("Signed in as"))).to_be_visible()
    return context, page


def test_the_signed_in_account_screen_fits_and_passes_axe(server, browser):
    for width, theme in [(320, "dark"), (390, "light"), (1280, "dark")]:
        context, page = signed_in_account(server, browser, width, theme)
        check(page, "account-signed-in", width, theme)
        context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 390, 1280])
def test_the_your_data_panel_fits_and_passes_axe(server, browser, width, theme):
    """Account → Your data: a Loop export's preview (with its approximations: a frequency of 2 in
    400 days has no schedule here), the danger-styled confirmation of replacing, a refused file's
    message, and the result of an import."""
    context, page = signed_in_account(server, browser, width, theme)
    check(page, "data", width, theme)
    choose(page, "export.zip", loop_zip(wake_up_frequency="2,400"))
    expect(page.locator("#import-approximations li")).to_have_count(2)
    expect(page.locator("#import-approximations")).to_contain_text("Loop's strength on")
    check(page, "data-preview", width, theme)
    page.get_by_role("button", name="Replace everything").click()
    expect(page.locator("#import-confirm")).to_have_text("Replace everything and delete 4 habits")
    check(page, "data-replace", width, theme)
    page.get_by_role("button", name="Cancel").click()
    choose(page, "Checkmarks.csv", b"Date,Meditate\n2015-02-30,YES_MANUAL\n", "text/csv")
    expect(page.locator("#import-error")).to_contain_text("Checkmarks.csv")
    check(page, "data-error", width, theme)
    page.get_by_role("button", name="Add to what I have").click()
    choose(page, "export.zip", loop_zip())
    page.locator("#import-confirm").click()
    expect(page.locator("#import-result")).to_contain_text("Imported")
    check(page, "data-imported", width, theme)
    context.close()


LONG_PLACE = "The climbing gym at the old brewery yard"
LONG_ADDRESS = "Unter den Linden 77, Hinterhaus, 3. Etage links, 10117 Berlin-Mitte, Deutschland"


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
def test_the_reminder_screens_fit_and_pass_axe(server, browser, width, theme):
    """Issue 13's screens: the editor's reminders (times, a bad one, days, a place), Account →
    Places with long names and addresses, deleting a place a habit uses, and Notifications with
    devices and a calendar link (as the shell reports them)."""
    context, page = signed_in_account(server, browser, width, theme)
    page.evaluate("window.habitflow.fullApp()")
    for name, address in ((LONG_PLACE, LONG_ADDRESS), ("Home", "")):
        for field, value in (("name", name), ("address", address), ("latitude", "52.5163"),
                             ("longitude", "13.3777")):
            dispatch(page, "remind", field, value)
        dispatch(page, "remind", "save")
    place = page.locator("#places li", has_text=LONG_PLACE).locator("[data-arg=edit]").get_attribute("value")
    dispatch(page, "tab", "habits")
    water = habit_id(page, WATER)
    dispatch(page, "open-edit", water)
    for field, value in (("add-time", ""), ("add-time", ""), ("add-time", ""), ("reminder-place", place),
                         ("reminder-trigger", "1")):
        dispatch(page, "remind", field, value)
    dispatch(page, "remind-time", "0", "07:30")
    dispatch(page, "remind-time", "1", "21:30")
    scroll_sheet_to(page, "#reminders")
    check(page, "editor-reminders", width, theme)
    dispatch(page, "save")
    dispatch(page, "dismiss")
    dispatch(page, "remind", "remove-time", "2")
    dispatch(page, "save")
    dispatch(page, "tab", "account")
    dispatch(page, "remind", "edit", place)
    page.evaluate("document.querySelector('#places').scrollIntoView()")
    check(page, "places", width, theme)
    dispatch(page, "remind", "delete", place)
    expect(page.locator(".dialog")).to_contain_text(WATER)
    check(page, "places-delete", width, theme)
    dispatch(page, "dismiss")
    # The shell's own report of the account's devices (none) comes first.
    page.wait_for_timeout(500)
    dispatch(page, "remind", "devices", "a\tChrome on Android\tEurope/Berlin\t1\nb\tFirefox on Windows\tAmerica/Argentina/ComodRivadavia")
    dispatch(page, "remind", "calendar", "http://127.0.0.1:8080/calendar/0123456789abcdefghijklmnopqrstuvwxyzABCDEF.ics webcal://127.0.0.1:8080/calendar/0123456789abcdefghijklmnopqrstuvwxyzABCDEF.ics")
    dispatch(page, "remind", "message", "Sent to 2 devices.")
    page.evaluate("document.querySelector('#notifications').scrollIntoView()")
    check(page, "notifications", width, theme)
    context.close()
