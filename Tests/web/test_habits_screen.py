"""The habits screen keeps every habit reachable: one day everywhere (header, list, taps), every
habit in All habits, a date picker, chips that fit, and a sort by time of day."""
import datetime
import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from helpers import add_habit, card, open_app, saved


def long_date(day: datetime.date) -> str:
    return f"{day:%A}, {day.day} {day:%B}"


def today() -> datetime.date:
    return datetime.date.today()


def add_scheduled(page, title, *, start=None, off_weekdays=(), time_of_day=None, category="Health"):
    """Adds a habit through the editor with a start date, weekdays left out, a time of day."""
    page.get_by_role("button", name="Add a habit").first.click()
    page.locator("#title").fill(title)
    page.locator("#category").select_option(label=category)
    if off_weekdays:
        page.locator("#scheduleKind").select_option("weekdays")
        picker = page.locator(".weekday-picker")
        for weekday in off_weekdays:
            picker.get_by_role("button", name=weekday, exact=True).click()
    if start:
        page.locator("#start").fill(start.isoformat())
    if time_of_day:
        page.locator("#timeOfDay").select_option(time_of_day)
    page.locator("#save").click()
    expect(page.locator(".sheet")).to_have_count(0)


def header_date(page):
    return page.locator(".top .date")


def test_after_the_today_chip_another_day_shows_that_days_habits_and_taps_act_on_it(server, phone):
    """Bug 2: the header said one day, the list showed today's and a tap acted on another."""
    page = phone.new_page()
    open_app(page, server)
    add_habit(page, "Read")
    page.locator(".chips").get_by_role("button", name=re.compile("Today")).click()
    page.get_by_role("button", name="Previous week").click()
    week_ago = today() - datetime.timedelta(days=7)
    expect(header_date(page)).to_contain_text(long_date(week_ago))
    # "Read" starts today: a week ago lists nothing, and no card offers a tap on that day.
    expect(card(page, "Read")).to_have_count(0)
    expect(page.get_by_text("Nothing planned for this day")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_count(0)
    # The Today filter gave way to All: the list is that day's.
    expect(page.locator(".week").get_by_role("button", name="Previous week")).to_be_visible()
    page.locator(".week").get_by_role("button", name=re.compile("today", re.I)).last.click()
    expect(header_date(page)).to_contain_text(long_date(today()))
    card(page, "Read").get_by_role("button", name=re.compile("Mark done")).click()
    expect(card(page, "Read")).to_have_class(re.compile("done"))
    expect(page.get_by_role("alert")).to_have_count(0)


def test_a_habit_not_due_on_the_selected_day_says_when_it_is_next_due_and_all_habits_lists_it(server, phone):
    """Bug 6: a habit saved on a day it is not due vanished; one starting later showed only then."""
    page = phone.new_page()
    open_app(page, server)
    tomorrow = today() + datetime.timedelta(days=1)
    add_scheduled(page, "Swim", off_weekdays=[f"{today():%A}"])
    status = page.locator("#saved-hint")
    expect(status).to_contain_text(f"Next due {long_date(tomorrow)}")
    expect(status).to_contain_text("All habits")
    later = today() + datetime.timedelta(days=10)
    add_scheduled(page, "Piano", start=later)
    expect(status).to_contain_text(f"Next due {long_date(later)}")
    status.get_by_role("button", name="See all habits").click()
    rows = page.locator("#all-habits .row .title")
    expect(rows).to_have_text([re.compile("Swim"), re.compile("Piano")])
    expect(page.locator("#all-habits .row", has_text="Piano")).to_contain_text(f"starts {later:%a} {later.day} {later:%b}")
    # Any habit opens its detail from there.
    page.locator("#all-habits .row", has_text="Piano").locator(".row-open").click()
    expect(page.locator(".sheet")).to_contain_text("Piano")


def test_every_filter_chip_is_fully_visible_at_320_and_390_px(server, browser):
    """Bug 9: "Not comple…" and "Archived" were cut off at 390 px with no sign the row scrolls."""
    for width in (320, 390):
        context = browser.new_context(viewport={"width": width, "height": 800})
        page = context.new_page()
        open_app(page, server)
        add_habit(page, "Read")
        chips = page.locator(".chips button")
        expect(chips.first).to_be_visible()
        for index in range(chips.count()):
            chip = chips.nth(index)
            box = chip.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (width, chip.inner_text(), box)
            assert chip.evaluate("e => e.scrollWidth <= e.clientWidth"), (width, chip.inner_text())
        assert page.locator(".chips").evaluate("e => e.scrollWidth <= e.clientWidth")
        expect(chips).to_have_count(4)
        context.close()


def test_the_current_chip_has_a_checkmark_and_a_day_without_habits_has_no_filter(server, phone):
    """Bug 10 (seed 004): the current filter is marked by more than colour; no habits, no filter."""
    page = phone.new_page()
    open_app(page, server)
    add_habit(page, "Read")
    current = page.locator(".chips [aria-pressed=true]")
    expect(current).to_have_count(1)
    expect(current).to_contain_text("✓")
    expect(current).to_contain_text("All")
    page.get_by_role("button", name="Completed", exact=True).click()
    expect(current).to_contain_text("✓")
    expect(current).to_contain_text("Completed")
    expect(page.locator(".chips button", has_text="All")).not_to_contain_text("✓")
    page.get_by_role("button", name="Previous week").click()
    expect(page.locator("#filters .chips")).to_have_count(0)
    expect(page.locator("#search")).to_have_count(0)
    page.get_by_role("button", name="Next week").click()
    expect(page.locator(".chips")).to_be_visible()


def test_all_habits_reorders_with_buttons_and_drag_archives_and_keeps_the_order(server, phone):
    page = phone.new_page()
    open_app(page, server)
    for title in ("Alpha", "Bravo", "Charlie"):
        add_habit(page, title)
    page.get_by_role("button", name="All habits").click()
    titles = page.locator("#all-habits .row .title")
    expect(titles).to_have_text(["Alpha", "Bravo", "Charlie"])
    page.get_by_role("button", name="Move down: Alpha").click()
    expect(titles).to_have_text(["Bravo", "Alpha", "Charlie"])
    # The keyboard stays on the habit it moved.
    expect(page.get_by_role("button", name="Move down: Alpha")).to_be_focused()
    page.keyboard.press("Enter")
    expect(titles).to_have_text(["Bravo", "Charlie", "Alpha"])
    # At the top, Move up stays focusable but says it cannot go further.
    expect(page.get_by_role("button", name="Move up: Bravo")).to_have_attribute("aria-disabled", "true")

    # Drag Alpha's handle above Bravo (pointer events: mouse here, touch the same way).
    grip = page.locator("#all-habits .row", has_text="Alpha").locator(".grip")
    first = page.locator("#all-habits .row", has_text="Bravo").bounding_box()
    box = grip.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    for step in range(1, 11):
        y = box["y"] + (first["y"] + 4 - box["y"]) * step / 10
        page.mouse.move(box["x"] + box["width"] / 2, y)
    page.mouse.up()
    expect(titles).to_have_text(["Alpha", "Bravo", "Charlie"])

    page.get_by_role("button", name="Archive: Bravo").click()
    expect(page.locator("#all-habits h2", has_text="Archived")).to_be_visible()
    expect(page.get_by_role("button", name="Unarchive: Bravo")).to_be_visible()
    page.get_by_role("button", name="Day", exact=True).click()
    cards = page.locator(".card .title")
    expect(cards).to_have_text(["Alpha", "Charlie"])
    saved(page)
    page.reload()
    expect(cards).to_have_text(["Alpha", "Charlie"])
    page.get_by_role("button", name="All habits").click()
    page.get_by_role("button", name="Unarchive: Bravo").click()
    page.get_by_role("button", name="Day", exact=True).click()
    expect(cards).to_have_text(["Alpha", "Bravo", "Charlie"])


def test_a_finger_drags_a_habit_to_a_new_place(server, browser):
    """The drag works by touch as well: pointer events from a touchscreen, the page not scrolling."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_app(page, server)
    for title in ("Alpha", "Bravo", "Charlie"):
        add_habit(page, title)
    page.get_by_role("button", name="All habits").click()
    titles = page.locator("#all-habits .row .title")
    expect(titles).to_have_text(["Alpha", "Bravo", "Charlie"])
    grip = page.locator("#all-habits .row", has_text="Alpha").locator(".grip").bounding_box()
    last = page.locator("#all-habits .row", has_text="Charlie").bounding_box()
    x = grip["x"] + grip["width"] / 2
    y = grip["y"] + grip["height"] / 2
    touch = context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    end = last["y"] + last["height"] - 4
    for step in range(1, 11):
        touch.send("Input.dispatchTouchEvent",
                   {"type": "touchMove", "touchPoints": [{"x": x, "y": y + (end - y) * step / 10}]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(titles).to_have_text(["Bravo", "Charlie", "Alpha"])
    context.close()


def test_the_date_picker_jumps_to_any_day_and_closes_with_escape(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_habit(page, "Read")
    header_date(page).click()
    picker = page.get_by_role("dialog", name="Choose a date")
    expect(picker).to_be_visible()
    this_month = today().replace(day=1)
    expect(picker.locator("h2")).to_have_text(f"{this_month:%B %Y}")
    # Focus starts on the selected day; arrows move between days.
    expect(picker.locator("[aria-current=date]")).to_be_focused()
    page.keyboard.press("ArrowRight")
    tomorrow = today() + datetime.timedelta(days=1)
    expect(page.locator(":focus")).to_have_attribute("aria-label", re.compile(long_date(tomorrow)))
    page.keyboard.press("PageDown")
    next_month = (this_month + datetime.timedelta(days=32)).replace(day=1)
    expect(picker.locator("h2")).to_have_text(f"{next_month:%B %Y}")
    expect(page.locator(":focus")).to_have_text(str(tomorrow.day))
    page.keyboard.press("PageUp")
    expect(picker.locator("h2")).to_have_text(f"{this_month:%B %Y}")
    page.keyboard.press("Escape")
    expect(picker).to_have_count(0)
    expect(header_date(page)).to_be_focused()

    header_date(page).click()
    picker.get_by_role("button", name="Next month").click()
    expect(picker.locator("h2")).to_have_text(f"{next_month:%B %Y}")
    chosen = next_month.replace(day=15)
    picker.get_by_role("button", name=long_date(chosen), exact=True).click()
    expect(picker).to_have_count(0)
    expect(header_date(page)).to_contain_text(long_date(chosen))
    expect(page.locator(".week [aria-current=date]")).to_have_attribute("aria-label", long_date(chosen))

    header_date(page).click()
    picker.get_by_role("button", name="Previous month").click()
    picker.get_by_role("button", name="Today", exact=True).click()
    expect(header_date(page)).to_contain_text(long_date(today()))
    expect(card(page, "Read")).to_be_visible()

    # A year ahead is as far as it goes.
    header_date(page).click()
    following = picker.get_by_role("button", name="Next month")
    for _ in range(14):
        if following.get_attribute("aria-disabled") == "true":
            break
        following.click()
    expect(following).to_have_attribute("aria-disabled", "true")
    last = today() + datetime.timedelta(days=365)
    expect(picker.locator("h2")).to_have_text(f"{last:%B %Y}")
    beyond = last + datetime.timedelta(days=1)
    if beyond.month == last.month:
        expect(picker.get_by_role("button", name=long_date(beyond), exact=True)).to_be_disabled()
    picker.get_by_role("button", name="Close").click()
    expect(picker).to_have_count(0)


def test_sorting_by_time_of_day_groups_the_day_and_is_kept(server, phone):
    """Seed 001: filter and sort by time of day."""
    page = phone.new_page()
    open_app(page, server)
    add_scheduled(page, "Evening walk", time_of_day="evening")
    add_scheduled(page, "Anytime read")
    add_scheduled(page, "Morning run", time_of_day="morning")
    expect(page.locator(".card .title")).to_have_text(["Evening walk", "Anytime read", "Morning run"])
    page.locator("#sort").select_option("time")
    expect(page.locator(".card .title")).to_have_text(["Morning run", "Evening walk", "Anytime read"])
    expect(page.locator(".group h2")).to_have_text(["Morning", "Evening", "Any time"])
    saved(page)
    page.reload()
    expect(page.locator(".card .title")).to_have_text(["Morning run", "Evening walk", "Anytime read"])
    expect(page.locator("#sort")).to_have_value("time")
    page.locator("#time-filter").select_option(label="Morning")
    expect(page.locator(".card .title")).to_have_text(["Morning run"])


def test_the_habits_screens_have_no_accessibility_violations_in_either_theme(server, browser):
    axe = Axe()
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
        page = context.new_page()
        open_app(page, server)
        add_habit(page, "Read")
        add_scheduled(page, "Swim", off_weekdays=[f"{today():%A}"])

        def check(name):
            violations = axe.run(page).response["violations"]
            assert not violations, f"{scheme} {name}: " + "; ".join(
                f"{v['id']}: {v['help']} {[n['html'][:80] for n in v['nodes'][:3]]}" for v in violations)

        check("saved hint and day list")
        header_date(page).click()
        check("date picker")
        page.keyboard.press("Escape")
        page.get_by_role("button", name="All habits").click()
        page.get_by_role("button", name="Archive: Read").click()
        check("all habits")
        context.close()
