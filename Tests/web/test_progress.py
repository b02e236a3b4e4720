"""Issue 11, as a person uses it: today's overview on the day list, the Progress tab's month
calendar (navigation, colours by share done, a day opening its list, one habit's streaks), the
Statistics tab's indicators, periods and charts, and the habit detail's charts.

The history is made as a person makes it: past days chosen in the week strip or the date picker
and cards tapped, or days chosen in the detail's month calendar and marked, skipped or noted.
It lies in the previous month (days 10 to 15), so it is always in the past and in one month
whatever today is."""
import datetime
import os
import re

from playwright.sync_api import expect

from helpers import add_habit, card, open_app, start_habit

TODAY = datetime.date.today()
LAST_MONTH = (TODAY.replace(day=1) - datetime.timedelta(days=1)).replace(day=1)
NOTE = "Felt great after a long walk"


def on(day_of_month: int) -> datetime.date:
    return LAST_MONTH.replace(day=day_of_month)


def long_date(day: datetime.date) -> str:
    return f"{day:%A}, {day.day} {day:%B}"


def short(day: datetime.date) -> str:
    """How streaks and charts write a day: "10 Oct 2026"."""
    return f"{day.day} {day:%b} {day.year}"


def month_title(day: datetime.date) -> str:
    return f"{day:%B %Y}"


def next_month(day: datetime.date) -> datetime.date:
    return (day.replace(day=1) + datetime.timedelta(days=32)).replace(day=1)


def days_in_month(day: datetime.date) -> int:
    return (next_month(day) - datetime.timedelta(days=1)).day


def tab(page, name):
    page.locator("nav.tabs").get_by_role("button", name=name, exact=True).click()
    expect(page.locator("nav.tabs [aria-current=page]")).to_have_text(re.compile(name))


def overview(page):
    return page.locator("#overview")


# ---- Making a history ------------------------------------------------------------------------

def open_detail(page, title):
    card(page, title).locator(".card-open").click()
    expect(page.locator(".sheet.detail")).to_be_visible()
    expect(page.locator("#detail-title")).to_contain_text(title)


def close_sheet(page):
    page.locator(".sheet-head").get_by_role("button", name="Close").click()
    expect(page.locator(".sheet")).to_have_count(0)


def choose_in_detail(page, day):
    """Goes to the day's month in the detail's calendar and chooses the day."""
    title = page.locator("#month-title")
    for _ in range(3):
        if title.inner_text() == month_title(day):
            break
        page.locator("#month-previous").click()
    expect(title).to_have_text(month_title(day))
    page.locator(f".sheet .heatmap button[data-arg='{day.isoformat()}']").click()
    expect(page.locator("#day-title")).to_contain_text(long_date(day))


def mark_in_detail(page, day):
    choose_in_detail(page, day)
    page.locator(".day-editor").get_by_role("button", name=re.compile("^Mark done")).click()
    expect(page.locator(".day-editor").get_by_role("button", name=re.compile("^Mark not done"))).to_be_visible()


def mark_on_a_day_from_the_date_picker(page, day, title):
    """The header's date opens the picker; the day chosen there, the card is tapped."""
    page.locator(".top .date").click()
    picker = page.get_by_role("dialog", name="Choose a date")
    for _ in range(3):
        if picker.locator("h2").inner_text() == month_title(day):
            break
        picker.get_by_role("button", name="Previous month").click()
    expect(picker.locator("h2")).to_have_text(month_title(day))
    picker.get_by_role("button", name=long_date(day), exact=True).click()
    expect(page.locator(".top .date")).to_contain_text(long_date(day))
    card(page, title).get_by_role("button", name=re.compile("^Mark done")).click()
    expect(card(page, title).locator(".check")).to_have_attribute("aria-pressed", "true")


def make_history(page, with_run=True):
    """Read: last month's 10th–12th done (a 3-day run), the 13th missed, the 14th skipped, the
    15th done with a note; done today. Run (when asked): last month's 10th done, from the date
    picker. Both started on the 1st of last month."""
    add_habit(page, "Read", start=LAST_MONTH.isoformat())
    if with_run:
        add_habit(page, "Run", start=LAST_MONTH.isoformat())
        mark_on_a_day_from_the_date_picker(page, on(10), "Run")
        page.locator(".week").get_by_role("button", name="Go to today").click()
        expect(page.locator(".top .date")).to_contain_text(long_date(TODAY))
    card(page, "Read").get_by_role("button", name=re.compile("^Mark done")).click()
    expect(card(page, "Read").locator(".check")).to_have_attribute("aria-pressed", "true")
    open_detail(page, "Read")
    for day in (10, 11, 12):
        mark_in_detail(page, on(day))
    choose_in_detail(page, on(14))
    page.locator(".day-editor").get_by_role("button", name="Skip this day").click()
    expect(page.locator("#day-title")).to_contain_text("Skipped")
    mark_in_detail(page, on(15))
    page.locator("#day-note").fill(NOTE)
    page.locator("#save-note").click()
    expect(page.locator(".sheet .notes")).to_contain_text(NOTE)
    close_sheet(page)


def calendar_day(page, day):
    return page.locator(f"#progress-calendar td:has(> button[data-arg='{day.isoformat()}'])")


def calendar_button(page, day):
    return page.locator(f"#progress-calendar button[data-arg='{day.isoformat()}']")


def go_to_month(page, day):
    title = page.locator("#progress-month")
    for _ in range(3):
        if title.inner_text() == month_title(day):
            break
        page.locator("#progress-previous").click()
    expect(title).to_have_text(month_title(day))


# ---- Today's overview ------------------------------------------------------------------------

def test_the_overview_counts_the_days_list_and_follows_taps_and_the_chosen_day(server, phone):
    page = phone.new_page()
    open_app(page, server)
    two_weeks_ago = (TODAY - datetime.timedelta(days=14)).isoformat()
    for title in ("Read", "Run", "Walk"):
        add_habit(page, title, start=two_weeks_ago)
    box = overview(page)
    expect(box).to_be_visible()
    expect(box).to_contain_text("0 of 3 done")
    expect(box).to_contain_text("Today's progress")
    expect(box.locator(".ring text")).to_have_text("0%")

    card(page, "Read").get_by_role("button", name=re.compile("^Mark done")).click()
    expect(box).to_contain_text("1 of 3 done")
    expect(box.locator(".ring text")).to_have_text("33%")
    card(page, "Run").get_by_role("button", name=re.compile("^Mark done")).click()
    expect(box).to_contain_text("2 of 3 done")
    expect(box.locator(".ring text")).to_have_text("66%")
    # A second tap takes it back; a skipped habit leaves the count.
    card(page, "Read").get_by_role("button", name=re.compile("^Mark not done")).click()
    expect(box).to_contain_text("1 of 3 done")
    card(page, "Walk").get_by_role("button", name=re.compile("^Skip this day")).click()
    expect(box).to_contain_text("1 of 2 done")
    expect(box.locator(".ring text")).to_have_text("50%")

    # Another day from the week strip: its own count, named by its date.
    page.locator(".week").get_by_role("button", name="Previous week").click()
    first = page.locator(".week ol button").first
    chosen = datetime.date.fromisoformat(first.get_attribute("data-arg"))
    first.click()
    expect(page.locator(".top .date")).to_contain_text(long_date(chosen))
    expect(box).to_contain_text("0 of 3 done")
    expect(box).to_contain_text(long_date(chosen))
    expect(box).not_to_contain_text("Today's progress")
    card(page, "Walk").get_by_role("button", name=re.compile("^Mark done")).click()
    expect(box).to_contain_text("1 of 3 done")
    # The keyboard reaches the Today chip; today's count is as it was.
    page.locator(".week").get_by_role("button", name="Go to today").focus()
    page.keyboard.press("Enter")
    expect(box).to_contain_text("1 of 2 done")
    expect(box).to_contain_text("Today's progress")


def test_a_weekly_quota_counts_in_the_overview_only_on_a_day_it_is_done(server, browser):
    """A habit on a weekly quota asks for no particular day: the overview says nothing is due
    until it is done that day, then counts it; screenshots at three widths, light and dark."""
    shots = "/tmp/habitflow-shots"
    os.makedirs(shots, exist_ok=True)
    for width, theme in [(320, "light"), (390, "dark"), (1280, "light"), (320, "dark")]:
        context = browser.new_context(viewport={"width": width, "height": 800}, color_scheme=theme)
        page = context.new_page()
        open_app(page, server)
        add_habit(page, "Gym", fields={"#scheduleKind": "timesPerWeek", "#perWeek": "3"})
        box = overview(page)
        expect(box).to_contain_text("Nothing due")
        expect(box).not_to_contain_text("0 of")
        page.screenshot(path=f"{shots}/weekly-nothing-due-{width}-{theme}.png")
        card(page, "Gym").get_by_role("button", name=re.compile("^Mark done")).click()
        expect(box).to_contain_text("1 of 1 done")
        expect(box.locator(".ring text")).to_have_text("100%")
        page.screenshot(path=f"{shots}/weekly-done-{width}-{theme}.png")
        context.close()


def test_a_habit_can_ask_for_times_in_a_number_of_days(server, phone):
    """Loop's "2 times in 3 days" is a schedule of its own in the editor: both numbers, the
    rule's message when they do not fit, and the card's schedule in words."""
    page = phone.new_page()
    open_app(page, server)
    start_habit(
        page, "Stretch", fields={"#scheduleKind": "timesInDays", "#inTimes": "4", "#interval": "3"})
    page.screenshot(path="/tmp/habitflow-shots/times-in-days-editor.png")
    page.locator("#save").click()
    expect(page.get_by_role("alertdialog")).to_contain_text("4 times in 3 days isn't possible")
    page.get_by_role("button", name="OK").click()
    page.locator("#inTimes").fill("2")
    page.locator("#save").click()
    expect(page.locator(".sheet")).to_have_count(0)
    card(page, "Stretch").get_by_role("button", name=re.compile("^Mark done")).click()
    expect(overview(page)).to_contain_text("1 of 1 done")
    page.get_by_role("button", name="All habits").click()
    expect(page.locator("#all-habits .row", has_text="Stretch")).to_contain_text("2 times in 3 days")


# ---- The Progress tab ------------------------------------------------------------------------

def test_the_progress_calendar_shows_the_month_navigates_and_marks_today(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_habit(page, "Read", start=LAST_MONTH.isoformat())
    expect(page.locator("nav.tabs button")).to_have_count(4)
    tab(page, "Progress")
    title = page.locator("#progress-month")
    expect(title).to_have_text(month_title(TODAY))
    expect(page.locator("#progress-today")).to_have_count(0)
    today = page.locator("#progress-calendar [aria-current=date]")
    expect(today).to_have_count(1)
    expect(today).to_have_attribute("data-arg", TODAY.isoformat())
    expect(today).to_have_attribute("aria-label", re.compile("^" + long_date(TODAY)))
    expect(today).to_have_text(str(TODAY.day))
    expect(page.locator("#progress-calendar td.today")).to_have_count(1)
    expect(page.locator(".legend").get_by_text("Today", exact=True)).to_be_visible()
    in_month = page.locator("#progress-calendar td:not(.out) button")
    expect(in_month).to_have_count(days_in_month(TODAY))
    expect(in_month.first).to_have_attribute("data-arg", TODAY.replace(day=1).isoformat())

    page.locator("#progress-previous").click()
    expect(title).to_have_text(month_title(LAST_MONTH))
    expect(in_month).to_have_count(days_in_month(LAST_MONTH))
    expect(in_month.first).to_have_attribute("data-arg", LAST_MONTH.isoformat())
    expect(page.locator("#progress-calendar td:not(.out) [aria-current=date]")).to_have_count(0)
    expect(page.locator("#progress-today")).to_be_visible()

    # The keyboard: the arrow keeps the focus from month to month.
    page.locator("#progress-next").focus()
    page.keyboard.press("Enter")
    expect(title).to_have_text(month_title(TODAY))
    expect(page.locator("#progress-next")).to_be_focused()
    page.keyboard.press("Enter")
    following = next_month(TODAY)
    expect(title).to_have_text(month_title(following))
    expect(in_month).to_have_count(days_in_month(following))
    expect(in_month.first).to_have_attribute("data-arg", following.isoformat())
    # Days ahead are outlined, not coloured as missed.
    expect(page.locator("#progress-calendar td:not(.out)").first).to_have_class(re.compile(r"\bfuture\b"))

    page.locator("#progress-today").click()
    expect(title).to_have_text(month_title(TODAY))
    expect(page.locator("#progress-calendar [aria-current=date]")).to_have_attribute("data-arg", TODAY.isoformat())
    expect(page.locator("#progress-today")).to_have_count(0)


def test_the_progress_calendar_colours_each_day_by_the_share_done_and_opens_a_day(server, phone):
    page = phone.new_page()
    open_app(page, server)
    make_history(page)
    tab(page, "Progress")
    go_to_month(page, LAST_MONTH)
    # The 10th: both done; the 11th: one of two; the 13th: none of two; the 14th: Read skipped.
    expect(calendar_button(page, on(10))).to_have_attribute("aria-label", f"{long_date(on(10))}, 2 of 2 done")
    expect(calendar_day(page, on(10))).to_have_class(re.compile(r"\bl4\b"))
    expect(calendar_button(page, on(11))).to_have_attribute("aria-label", f"{long_date(on(11))}, 1 of 2 done")
    expect(calendar_day(page, on(11))).to_have_class(re.compile(r"\bl2\b"))
    expect(calendar_button(page, on(13))).to_have_attribute("aria-label", f"{long_date(on(13))}, 0 of 2 done")
    expect(calendar_day(page, on(13))).to_have_class(re.compile(r"\bl0\b"))
    expect(calendar_button(page, on(14))).to_have_attribute("aria-label", f"{long_date(on(14))}, 0 of 1 done")
    # The gradient is drawn: all done, part done and nothing done look different.
    colour = lambda day: calendar_button(page, day).evaluate("e => getComputedStyle(e).backgroundColor")
    assert len({colour(on(10)), colour(on(11)), colour(on(13))}) == 3
    legend = page.locator("#main .legend")
    for words in ("Nothing due", "Nothing done", "All done", "Today"):
        expect(legend.get_by_text(words, exact=True)).to_be_visible()
    # Read: 10, 11, 12, 15 (4 of 30 or 31 due days); Run: the 10th.
    due = 2 * days_in_month(LAST_MONTH) - 1
    expect(page.locator("#progress-summary")).to_contain_text(f"This month: 5 of {due} done")
    expect(page.locator("#progress-summary")).to_contain_text("Perfect days: 1")

    # A day opens its list on the Habits tab.
    calendar_button(page, on(11)).click()
    expect(page.locator("nav.tabs [aria-current=page]")).to_have_text(re.compile("Habits"))
    expect(page.locator(".top .date")).to_contain_text(long_date(on(11)))
    expect(card(page, "Read").locator(".check")).to_have_attribute("aria-pressed", "true")
    expect(card(page, "Run").locator(".check")).to_have_attribute("aria-pressed", "false")
    expect(overview(page)).to_contain_text("1 of 2 done")
    expect(overview(page)).to_contain_text(long_date(on(11)))


def test_the_habit_picker_draws_one_habits_streaks_skips_misses_and_notes(server, phone):
    page = phone.new_page()
    open_app(page, server)
    make_history(page)
    tab(page, "Progress")
    picker = page.locator("#progress-habit")
    expect(picker).to_have_value("")
    read = page.locator("#progress-habit option", has_text="Read").get_attribute("value")
    picker.select_option(read)
    expect(picker).to_have_value(read)
    go_to_month(page, LAST_MONTH)

    # The 10th–12th: one connected run of three days.
    first, middle, last = calendar_day(page, on(10)), calendar_day(page, on(11)), calendar_day(page, on(12))
    expect(first).to_have_class(re.compile(r"\bdone\b.*\brun\b.*\brun-start\b"))
    expect(middle).to_have_class(re.compile(r"\bdone\b.*\brun\b"))
    expect(middle).not_to_have_class(re.compile(r"run-(start|end)"))
    expect(last).to_have_class(re.compile(r"\brun\b.*\brun-end\b"))
    expect(calendar_button(page, on(11))).to_have_attribute("aria-label", re.compile("done, Streak 3 days"))
    if on(10).weekday() < on(12).weekday():
        # In one row, the run's cells touch: nothing between them breaks the band.
        boxes = [day.bounding_box() for day in (first, middle, last)]
        assert abs(boxes[0]["x"] + boxes[0]["width"] - boxes[1]["x"]) < 1.5, boxes
        assert abs(boxes[1]["x"] + boxes[1]["width"] - boxes[2]["x"]) < 1.5, boxes
    band = middle.evaluate("e => getComputedStyle(e).backgroundColor")
    assert band not in ("rgba(0, 0, 0, 0)", "transparent"), band
    # The 13th missed, the 14th skipped, the 15th done alone with a note.
    expect(calendar_day(page, on(13))).to_have_class(re.compile(r"\bmissed\b"))
    expect(calendar_button(page, on(13))).to_have_attribute("aria-label", f"{long_date(on(13))}, missed")
    expect(calendar_day(page, on(14))).to_have_class(re.compile(r"\bskipped\b"))
    expect(calendar_button(page, on(14))).to_have_attribute("aria-label", re.compile("Skipped"))
    expect(calendar_day(page, on(14))).not_to_have_class(re.compile(r"\bmissed\b"))
    noted = calendar_day(page, on(15))
    expect(noted).to_have_class(re.compile(r"\bdone\b.*\brun-start\b.*\brun-end\b.*\bnoted\b"))
    expect(calendar_button(page, on(15))).to_have_attribute("aria-label", re.compile("Note: " + NOTE))
    # Before the first mark, due days were missed too.
    expect(calendar_day(page, on(1))).to_have_class(re.compile(r"\bmissed\b"))
    legend = page.locator("#main .legend")
    for words in ("Done", "Streak", "Skipped", "Missed", "Note"):
        expect(legend.get_by_text(words, exact=True)).to_be_visible()
    expect(page.locator("#progress-summary")).to_contain_text("Longest streak: 3 days")
    expect(page.locator("#progress-detail")).to_be_visible()

    # Back to every habit: shares again, no runs.
    picker.select_option("")
    expect(picker).to_have_value("")
    expect(page.locator("#progress-month")).to_have_text(month_title(LAST_MONTH))
    expect(page.locator("#progress-calendar td.run")).to_have_count(0)
    expect(calendar_day(page, on(10))).to_have_class(re.compile(r"\bl4\b"))
    expect(page.locator("#main .legend").get_by_text("All done", exact=True)).to_be_visible()


# ---- The Statistics tab ----------------------------------------------------------------------

def indicator(page, name):
    return page.locator(".indicators > div", has=page.locator("dt", has_text=name))


def test_statistics_shows_a_placeholder_then_indicators_periods_and_charts(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_habit(page, "Walk")
    tab(page, "Statistics")
    expect(page.get_by_text("Statistics appear once you mark your first habit.")).to_be_visible()
    expect(page.locator(".indicators")).to_have_count(0)
    expect(page.locator(".chart")).to_have_count(0)

    tab(page, "Habits")
    make_history(page, with_run=False)
    tab(page, "Statistics")
    names = page.locator(".indicators dt")
    expect(names).to_have_text(["Best streak", "Perfect days", "Habits completed", "Average per day"])
    for index in range(4):
        box = page.locator(".indicators > div").nth(index)
        expect(box.locator(".value")).to_be_visible()
        expect(box.locator(".detail")).to_be_visible()
        expect(box.locator(".detail")).not_to_have_text("")
    periods = page.get_by_role("group", name="Period")
    expect(periods.get_by_role("button")).to_have_text(["This week", "This month", "This year", "All time"])
    all_time = periods.get_by_role("button", name="All time")
    this_week = periods.get_by_role("button", name="This week")
    expect(all_time).to_have_attribute("aria-pressed", "true")
    expect(indicator(page, "Best streak").locator(".value")).to_have_text("3 days")
    expect(indicator(page, "Best streak").locator(".detail")).to_contain_text("Read")
    expect(indicator(page, "Best streak").locator(".detail")).to_contain_text(short(on(10)))
    # Read: the 10th, 11th, 12th and 15th of last month and today.
    completed = indicator(page, "Habits completed").locator(".value")
    expect(completed).to_have_text("5")

    this_week.click()
    expect(this_week).to_have_attribute("aria-pressed", "true")
    expect(all_time).to_have_attribute("aria-pressed", "false")
    expect(completed).to_have_text("1")
    expect(indicator(page, "Best streak").locator(".value")).to_have_text("1 day")
    periods.get_by_role("button", name="This month").click()
    expect(periods.get_by_role("button", name="This month")).to_have_attribute("aria-pressed", "true")
    expect(completed).to_have_text("1")
    # The keyboard: the period buttons keep the focus.
    all_time.focus()
    page.keyboard.press("Space")
    expect(all_time).to_have_attribute("aria-pressed", "true")
    expect(this_week).to_have_attribute("aria-pressed", "false")
    expect(completed).to_have_text("5")

    for chart, caption in (("#chart-weekdays", "Completion by weekday"), ("#chart-weeks", "Completion rate per week"),
                           ("#chart-categories", "Completion by category")):
        figure = page.locator(chart)
        expect(figure.locator("figcaption")).to_be_visible()
        expect(figure.locator("figcaption")).to_have_text(caption)
        expect(figure.locator("svg")).to_be_visible()
        table = figure.locator("table")
        expect(table).to_have_count(1)
        expect(table.locator("caption")).to_have_text(caption)
        assert table.locator("tr th[scope=row]").count() > 0, chart
        box = table.evaluate("t => t.parentElement.getBoundingClientRect().toJSON()")
        assert box["width"] <= 1 and box["height"] <= 1, (chart, box)
    expect(page.locator("#chart-weekdays th[scope=row]")).to_have_count(7)
    expect(page.locator("#chart-categories th[scope=row]")).to_have_text(["Health"])


# ---- The detail's charts ---------------------------------------------------------------------

def row_labels(page, chart):
    return page.locator(f"{chart} table th[scope=row]").all_inner_texts()


def test_the_detail_draws_every_chart_groups_by_month_and_lists_the_best_streaks(server, phone):
    page = phone.new_page()
    open_app(page, server)
    make_history(page, with_run=False)
    open_detail(page, "Read")
    charts = page.locator(".sheet .charts")
    charts.scroll_into_view_if_needed()
    for part in ("#score-by", "#chart-score", "#history-by", "#chart-history", "#chart-frequency",
                 ".best-streaks", "#chart-year"):
        expect(charts.locator(part)).to_have_count(1)
    for chart in ("#chart-score", "#chart-history", "#chart-frequency", "#chart-year"):
        figure = charts.locator(chart)
        figure.scroll_into_view_if_needed()
        expect(figure.locator("figcaption")).to_be_visible()
        expect(figure.locator("svg")).to_be_visible()
    expect(charts.locator("#chart-score figcaption")).to_have_text("Strength over time")
    expect(charts.locator("#chart-history figcaption")).to_have_text("History")
    expect(charts.locator("#chart-frequency figcaption")).to_have_text("Frequency by weekday")
    expect(charts.locator("#chart-year figcaption")).to_have_text("The last 12 months")
    expect(charts.locator("#chart-frequency th[scope=row]")).to_have_count(7)
    # The year's squares read as a line per month: last month had four days met and one skipped.
    expect(charts.locator("#chart-year li", has_text=f"{on(15):%B %Y}: 4 days met, 1 skipped")).to_have_count(1)

    month_label = re.compile(r"^[A-Z][a-z]{2} \d{4}$")
    by_month = [f"{LAST_MONTH:%b %Y}", f"{TODAY:%b %Y}"]
    # Strength: by week at first (day and month labels), then by month.
    score = page.locator("#score-by")
    expect(score.get_by_role("button", name="Week")).to_have_attribute("aria-pressed", "true")
    before = row_labels(page, "#chart-score")
    assert before and not any(month_label.match(label) for label in before), before
    score.get_by_role("button", name="Month").click()
    expect(score.get_by_role("button", name="Month")).to_have_attribute("aria-pressed", "true")
    expect(score.get_by_role("button", name="Week")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#chart-score th[scope=row]").last).to_have_text(by_month[1])
    after = row_labels(page, "#chart-score")
    assert after[-2:] == by_month and all(month_label.match(label) for label in after), after
    assert by_month[1] in page.locator("#chart-score svg").text_content()
    # Day: the last 30 days, by date.
    score.get_by_role("button", name="Day").click()
    expect(page.locator("#chart-score th[scope=row]")).to_have_count(min(30, (TODAY - LAST_MONTH).days + 1))
    expect(page.locator("#chart-score th[scope=row]").last).to_have_text(f"{TODAY.day} {TODAY:%b}")

    history = page.locator("#history-by")
    expect(history.get_by_role("button", name="Week")).to_have_attribute("aria-pressed", "true")
    before = row_labels(page, "#chart-history")
    assert before and not any(month_label.match(label) for label in before), before
    history.get_by_role("button", name="Month").click()
    expect(history.get_by_role("button", name="Month")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#chart-history th[scope=row]").last).to_have_text(by_month[1])
    assert row_labels(page, "#chart-history")[-2:] == by_month
    # Last month: 4 days done against a daily target.
    last_month = page.locator("#chart-history tr", has=page.locator("th", has_text=by_month[0]))
    expect(last_month.locator("td").first).to_have_text("4 days")
    assert by_month[1] in page.locator("#chart-history svg").text_content()

    # The longest first, with its dates; then the two single days (the 15th and today).
    streaks = page.locator(".best-streaks li")
    expect(streaks).to_have_count(3)
    expect(streaks.nth(0)).to_contain_text("3 days")
    expect(streaks.nth(0)).to_contain_text(f"{short(on(10))} – {short(on(12))}")
    singles = sorted(text.strip() for text in streaks.all_inner_texts()[1:])
    assert sorted([f"1 day {short(on(15))}", f"1 day {short(TODAY)}"]) == sorted(
        re.sub(r"\s+", " ", text) for text in singles), singles
